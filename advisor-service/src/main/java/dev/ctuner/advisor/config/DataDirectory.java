package dev.ctuner.advisor.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The advisor's data directory, {@code ctuner.advisor.data-dir} (environment: {@code CTUNER_ADVISOR_DATA_DIR}):
 * the H2 database, the command-signing key pair, the users file and the initial admin password are
 * all found under it unless set one by one. Runs once the settings are read, before anything uses
 * them: makes the directory absolute (so a relative setting is fixed at start and the log shows
 * where the data is), creates it owner-only, and refuses to start on the default directory while
 * the working directory holds the {@code ./data} of an earlier version, which would otherwise be
 * silently replaced by a new database and a new signing key the sidecars do not know.
 *
 * <pre>
 * CTUNER_ADVISOR_DATA_DIR=/var/lib/ctuner java -jar advisor-service-&lt;version&gt;-exec.jar
 * </pre>
 */
public class DataDirectory implements EnvironmentPostProcessor, Ordered {

    public static final String PROPERTY = "ctuner.advisor.data-dir";

    /** Where the advisor keeps its data when nothing says otherwise: independent of the working directory. */
    public static Path defaultDirectory() {
        return Path.of(System.getProperty("user.home"), ".ctuner", "advisor");
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String value = environment.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return;   // not the advisor's settings
        }
        Path dir = Path.of(value).toAbsolutePath().normalize();
        earlierDataDirectory(Path.of("").toAbsolutePath(), dir, defaultDirectory()).ifPresent(problem -> {
            throw new EarlierDataException(problem);
        });
        createOwnerOnly(dir);
        environment.getPropertySources().addFirst(new MapPropertySource("ctunerDataDirectory", Map.of(PROPERTY, dir.toString())));
    }

    /**
     * Why starting on {@code dir} would lose the data of an earlier version, if it would: {@code dir}
     * is the default, holds no database yet, and {@code workingDir/data} holds a database or signing key.
     */
    static Optional<String> earlierDataDirectory(Path workingDir, Path dir, Path defaultDir) {
        Path earlier = workingDir.resolve("data");
        boolean earlierData = Files.exists(earlier.resolve("advisor.mv.db")) || Files.exists(earlier.resolve("advisor-signing-key.pem"));
        if (!dir.equals(defaultDir.toAbsolutePath().normalize()) || Files.exists(dir.resolve("advisor.mv.db")) || !earlierData) {
            return Optional.empty();
        }
        return Optional.of("The advisor keeps its data in " + dir + " unless " + PROPERTY + " (environment "
                + "CTUNER_ADVISOR_DATA_DIR) says otherwise, but " + earlier + " holds the database or signing key of an "
                + "earlier start. Starting would create a new database and a new signing key the sidecars do not know. "
                + "Keep the existing data with CTUNER_ADVISOR_DATA_DIR=" + earlier + " (or move its files into " + dir
                + "), then start again.");
    }

    private static void createOwnerOnly(Path dir) {
        if (Files.isDirectory(dir)) {
            return;
        }
        try {
            try {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createDirectories(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data directory " + dir + " (" + PROPERTY + "): " + e.getMessage(), e);
        }
    }

    /** Starting would lose the data of an earlier version; reported without a stack trace by {@link Analyzer}. */
    public static final class EarlierDataException extends IllegalStateException {
        public EarlierDataException(String message) {
            super(message);
        }
    }

    /** Turns {@link EarlierDataException} into Spring Boot's start-up failure report: what, and what to do. */
    public static final class Analyzer extends AbstractFailureAnalyzer<EarlierDataException> {
        @Override
        protected FailureAnalysis analyze(Throwable root, EarlierDataException cause) {
            int action = cause.getMessage().indexOf("Keep the existing data");
            return new FailureAnalysis(cause.getMessage().substring(0, action).strip(),
                    cause.getMessage().substring(action), cause);
        }
    }

    /** After the settings files are read (ConfigDataEnvironmentPostProcessor) and the JSON and random sources. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
