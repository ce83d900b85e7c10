package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The driver is a plain Java library: the sidecar's Spring app may wire it, never the reverse. */
class PackageRulesTest {

    @Test
    void benchDoesNotUseSpring() throws IOException {
        Path sources = Path.of("src/main/java/dev/ctuner/sidecar/bench");
        assertThat(sources).isDirectory();
        try (Stream<Path> files = Files.list(sources)) {
            List<String> offenders = files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> read(f).contains("org.springframework"))
                    .map(f -> f.getFileName().toString()).collect(Collectors.toList());
            assertThat(offenders).isEmpty();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
