package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.AdvisorApplication;
import dev.ctuner.common.image.JibImageConfiguration;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The advisor's container image as the pom's {@code images} profile describes it. No base image can
 * be pulled where the build runs, so this checks the Jib configuration instead of a built image.
 */
class ContainerImageConfigTest {

    private static final Path POM = Path.of("pom.xml");

    @Test
    void runsTheAdvisorsMainClassAsANonRootUserWithContainerJvmFlags() throws Exception {
        JibImageConfiguration image = JibImageConfiguration.read(POM);

        assertThat(image.skip()).as("the images profile must not skip").isFalse();
        assertThat(image.mainClass()).isEqualTo(AdvisorApplication.class.getName());
        Method main = AdvisorApplication.class.getMethod("main", String[].class);
        assertThat(Modifier.isStatic(main.getModifiers())).isTrue();
        assertThat(image.user()).matches("[1-9][0-9]*:[1-9][0-9]*").startsWith("10001:");
        assertThat(image.jvmFlags()).contains("-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError");
        assertThat(image.baseImage()).startsWith("eclipse-temurin:17-jre");
        assertThat(image.targetImage()).endsWith("/advisor-service:" + rootVersion());
    }

    @Test
    void exposesTheServerPortAndKeepsEveryWritablePlaceOnAVolume() throws Exception {
        JibImageConfiguration image = JibImageConfiguration.read(POM);

        assertThat(image.ports()).containsExactly(String.valueOf(serverPort()));
        String dataDir = image.environment().get("CTUNER_ADVISOR_DATA_DIR");
        assertThat(dataDir).as("data directory set in the image").isNotBlank();
        assertThat(image.volumes()).containsExactlyInAnyOrder("/tmp", dataDir);
        assertThat(image.workingDirectory()).isEqualTo(dataDir);
        assertThat(image.jvmFlags()).contains("-Djava.io.tmpdir=/tmp");
        assertThat(image.labels()).containsKeys("org.opencontainers.image.source", "org.opencontainers.image.title")
                .containsEntry("org.opencontainers.image.licenses", "Apache-2.0")
                .containsEntry("org.opencontainers.image.version", rootVersion());
    }

    private static int serverPort() throws Exception {
        try (InputStream in = AdvisorApplication.class.getResourceAsStream("/application.yml")) {
            Map<String, Object> yaml = new Yaml().load(in);
            @SuppressWarnings("unchecked")
            Map<String, Object> server = (Map<String, Object>) yaml.get("server");
            return (Integer) server.get("port");
        }
    }

    private static String rootVersion() throws Exception {
        return JibImageConfiguration.projectVersion(POM);
    }
}
