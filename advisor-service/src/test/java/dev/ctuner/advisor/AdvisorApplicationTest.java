package dev.ctuner.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class AdvisorApplicationTest {

    @Autowired
    ApplicationContext context;

    @Test
    void bootsWithItsDefaults() {
        assertThat(context.getBean(AdvisorApplication.class)).isNotNull();
    }
}
