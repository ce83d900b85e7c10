package dev.ctuner.advisor.learning;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One experiment CSV to train on: a file the operator configured, or the measurements bundled in
 * the advisor's jar, used when {@code ctuner.advisor.learning.datasets} names none. The bundled data
 * is read from the classpath, so it is found whatever the working directory.
 *
 * <pre>{@code
 * List<TrainingData> data = TrainingData.resolve(properties.datasets());   // [bundled:training.csv] when none is configured
 * try (Reader r = data.get(0).open()) { new ExperimentCsvReader(catalog).read(r); }
 * }</pre>
 */
public sealed interface TrainingData permits TrainingData.File, TrainingData.Bundled {

    /** Where the bundled copy of the repository's docs/data/training.csv lies on the classpath (copied at build). */
    String BUNDLED_RESOURCE = "ctuner/bundled-data/training.csv";

    /** As reports and logs name it: the path, or {@code bundled:<file>}. */
    String name();

    boolean bundled();

    /** The file exists (a configured one), or the resource is in the jar (the bundled one). */
    boolean available();

    Reader open() throws IOException;

    /** The configured files as given (relative ones against the working directory), or the bundled data when none is. */
    static List<TrainingData> resolve(List<Path> configured) {
        if (configured.isEmpty()) {
            return List.of(new Bundled(BUNDLED_RESOURCE));
        }
        return configured.stream().<TrainingData>map(File::new).toList();
    }

    /** A CSV file named in the settings. */
    record File(Path path) implements TrainingData {
        @Override
        public String name() {
            return path.toString();
        }

        @Override
        public boolean bundled() {
            return false;
        }

        @Override
        public boolean available() {
            return Files.isRegularFile(path);
        }

        @Override
        public Reader open() throws IOException {
            return Files.newBufferedReader(path, StandardCharsets.UTF_8);
        }
    }

    /** A CSV shipped inside the advisor's jar. */
    record Bundled(String resource) implements TrainingData {
        @Override
        public String name() {
            return "bundled:" + resource.substring(resource.lastIndexOf('/') + 1);
        }

        @Override
        public boolean bundled() {
            return true;
        }

        @Override
        public boolean available() {
            return TrainingData.class.getClassLoader().getResource(resource) != null;
        }

        @Override
        public Reader open() throws IOException {
            InputStream in = TrainingData.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new IOException("the advisor's jar lacks its bundled training data " + resource
                        + "; rebuild it, or set ctuner.advisor.learning.datasets");
            }
            return new InputStreamReader(in, StandardCharsets.UTF_8);
        }
    }
}
