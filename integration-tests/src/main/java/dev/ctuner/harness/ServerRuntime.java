package dev.ctuner.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the server processes come from: a JDK 17 and the classpath files that the build's
 * {@code runtimes/cassandra} and {@code runtimes/kafka} modules write (jars resolved from Maven
 * Central, never on the test or application classpath).
 */
public record ServerRuntime(Path java, String cassandraClasspath, String kafkaClasspath) {

    /**
     * Resolves from system properties {@code cassandra.classpath.file}, {@code kafka.classpath.file}
     * and {@code harness.java17.home} (or env {@code JAVA17_HOME}), falling back to the paths under
     * {@code projectRoot}.
     */
    public static ServerRuntime locate(Path projectRoot) {
        Path cassandraFile = Path.of(System.getProperty("cassandra.classpath.file",
                projectRoot.resolve("runtimes/cassandra/target/classpath.txt").toString()));
        Path kafkaFile = Path.of(System.getProperty("kafka.classpath.file",
                projectRoot.resolve("runtimes/kafka/target/classpath.txt").toString()));
        return new ServerRuntime(locateJava17(), read(cassandraFile), read(kafkaFile));
    }

    private static String read(Path classpathFile) {
        if (!Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException("no server classpath at " + classpathFile
                    + ": build first with ./mvnw -q install -DskipTests (the runtimes/ modules write it)");
        }
        try {
            return Files.readString(classpathFile).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cassandra 5.0 runs on JDK 11 or 17 only; it fails on newer JDKs. */
    static Path locateJava17() {
        String configured = System.getProperty("harness.java17.home", System.getenv("JAVA17_HOME"));
        if (configured != null && !configured.isBlank()) {
            return requireJava(Path.of(configured, "bin", "java"));
        }
        if (Runtime.version().feature() == 17) {
            return requireJava(Path.of(System.getProperty("java.home"), "bin", "java"));
        }
        return requireJava(Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java"));
    }

    private static Path requireJava(Path java) {
        if (!Files.isExecutable(java)) {
            throw new IllegalStateException("no JDK 17 java at " + java + "; set JAVA17_HOME");
        }
        return java;
    }
}
