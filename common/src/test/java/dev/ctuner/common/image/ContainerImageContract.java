package dev.ctuner.common.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What every ctuner container image must be, as a module pom's {@code images} profile describes it: its
 * app's main class run as a non-root user with container JVM flags, the app's server port exposed, and
 * every writable place on a volume. No base image can be pulled where the build runs, so this checks
 * the Jib configuration instead of a built image. A module's test extends it and names its own parts.
 */
public abstract class ContainerImageContract {

    private static final Path POM = Path.of("pom.xml");

    /** The app's main class. */
    protected abstract Class<?> application();

    /** The image's name after the registry: the module's artifact id. */
    protected abstract String imageName();

    /** The environment variable that puts the app's writable directory in the image. */
    protected abstract String dataDirectoryVariable();

    /** The port the app's own configuration serves on. */
    protected abstract int serverPort() throws Exception;

    @Test
    void runsTheAppsMainClassAsANonRootUserWithContainerJvmFlags() throws Exception {
        JibImageConfiguration image = JibImageConfiguration.read(POM);

        assertThat(image.skip()).as("the images profile must not skip").isFalse();
        assertThat(image.mainClass()).isEqualTo(application().getName());
        Method main = application().getMethod("main", String[].class);
        assertThat(Modifier.isStatic(main.getModifiers())).isTrue();
        assertThat(image.user()).matches("[1-9][0-9]*:[1-9][0-9]*").startsWith("10001:");
        assertThat(image.jvmFlags()).contains("-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError");
        assertThat(image.baseImage()).startsWith("eclipse-temurin:17-jre");
        assertThat(image.targetImage()).endsWith("/" + imageName() + ":" + JibImageConfiguration.projectVersion(POM));
    }

    @Test
    void exposesTheServerPortAndKeepsEveryWritablePlaceOnAVolume() throws Exception {
        JibImageConfiguration image = JibImageConfiguration.read(POM);

        assertThat(image.ports()).containsExactly(String.valueOf(serverPort()));
        String dataDir = image.environment().get(dataDirectoryVariable());
        assertThat(dataDir).as("%s set in the image", dataDirectoryVariable()).isNotBlank();
        assertThat(image.volumes()).containsExactlyInAnyOrder("/tmp", dataDir);
        assertThat(image.workingDirectory()).isEqualTo(dataDir);
        assertThat(image.jvmFlags()).contains("-Djava.io.tmpdir=/tmp");
        assertThat(image.labels()).containsKeys("org.opencontainers.image.source", "org.opencontainers.image.title")
                .containsEntry("org.opencontainers.image.licenses", "Apache-2.0")
                .containsEntry("org.opencontainers.image.version", JibImageConfiguration.projectVersion(POM));
    }
}
