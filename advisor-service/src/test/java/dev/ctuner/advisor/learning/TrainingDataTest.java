package dev.ctuner.advisor.learning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.data.CsvReadResult;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.KnobCatalog;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a training run reads. The bundled data comes from the classpath, the same in the jar as in
 * target/classes, so it is found from any working directory; the test compares it with the
 * repository's file so that the copy made at build cannot drift.
 */
class TrainingDataTest {

    @Test
    void withNoDatasetConfiguredTheBundledDataIsUsedAndReadsAsExperiments() throws Exception {
        List<TrainingData> data = TrainingData.resolve(List.of());
        assertThat(data).singleElement().satisfies(d -> {
            assertThat(d.bundled()).isTrue();
            assertThat(d.name()).isEqualTo("bundled:training.csv");
            assertThat(d.available()).isTrue();
        });
        CsvReadResult r;
        try (Reader reader = data.get(0).open()) {
            r = new ExperimentCsvReader(KnobCatalog.cassandra50()).read(reader);
        }
        CsvReadResult repository = new ExperimentCsvReader(KnobCatalog.cassandra50()).read(Path.of("../docs/data/training.csv"));
        assertThat(r.samples()).hasSizeGreaterThan(100).hasSameSizeAs(repository.samples());
    }

    @Test
    void theBundledCopyIsTheRepositorysFile() throws Exception {
        try (InputStream in = TrainingData.class.getClassLoader().getResourceAsStream(TrainingData.BUNDLED_RESOURCE)) {
            assertThat(in).isNotNull();
            assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(Path.of("../docs/data/training.csv")));
        }
    }

    @Test
    void configuredFilesAreUsedAsGivenAndNeverReplacedByTheBundledData() {
        List<TrainingData> data = TrainingData.resolve(List.of(Path.of("/nonexistent/campaign.csv")));
        assertThat(data).singleElement().satisfies(d -> {
            assertThat(d.bundled()).isFalse();
            assertThat(d.available()).isFalse();
            assertThat(d.name()).isEqualTo("/nonexistent/campaign.csv");
        });
    }
}
