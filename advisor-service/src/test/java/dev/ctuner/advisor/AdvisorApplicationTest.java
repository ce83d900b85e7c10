package dev.ctuner.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Boots with the shipped defaults, only with the data directory moved to a temporary directory. */
@SpringBootTest
@ExtendWith(OutputCaptureExtension.class)
class AdvisorApplicationTest {

    static Path data;

    @Autowired
    ApplicationContext context;

    @DynamicPropertySource
    static void dataElsewhere(DynamicPropertyRegistry registry) throws Exception {
        data = Files.createTempDirectory("advisor-boot-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("ctuner.advisor.data-dir", () -> data.toString());
    }

    @Test
    void bootsWithItsDefaults() {
        assertThat(context.getBean(AdvisorApplication.class)).isNotNull();
    }

    @Test
    void everyFileOfTheAdvisorIsInItsDataDirectory() {
        assertThat(data.resolve("advisor.mv.db")).isRegularFile();
        assertThat(data.resolve("initial-admin-password")).isRegularFile();
        for (String file : new String[] {"rollout.signing-key-file", "rollout.public-key-file", "security.users-file"}) {
            assertThat(context.getEnvironment().getProperty("ctuner.advisor." + file)).as(file).startsWith(data + "/");
        }
    }

    @Test
    void withoutUsersAnAdminPasswordIsWrittenOwnerOnlyAndNeverLogged(CapturedOutput output) throws Exception {
        Path file = data.resolve("initial-admin-password");
        List<String> lines = Files.readAllLines(file);
        String password = lines.get(0);
        assertThat(password).hasSizeGreaterThanOrEqualTo(32);
        assertThat(String.join("\n", lines.subList(1, lines.size()))).as("how to replace the account")
                .contains("users add alice --role OPERATOR").doesNotContain(password);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        // the context started inside this capture (its own configuration), so its log is here
        assertThat(output.getAll()).contains("signs in with the password in").doesNotContain(password);
    }
}
