package dev.ctuner.sidecar;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class SidecarApplicationTest {

    @Autowired
    ApplicationContext context;

    @Test
    void bootsWithItsDefaults() {
        assertThat(context.getBean(SidecarApplication.class)).isNotNull();
    }
}
