package dev.ctuner.advisor.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.data.SyntheticCsv;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark mains run end to end on a tiny synthetic CSV (smoke only; no numbers kept). */
class BenchmarkSmokeTest {

    @TempDir
    Path dir;

    @Test
    void surrogateBenchmarkPrintsATable2ShapedMarkdownTable() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 16, 5);
        String out = SurrogateBenchmark.run(new String[] {csv.toString(), "--reps", "2", "--families", "rf",
                "--curve", "12,30"});
        assertThat(out).contains("| Prediction error (MAPE %) |", "| R² |", "| RMSE |", "RF, unseen config", "RF, unseen workload",
                "## throughput (ops/s)", "## p99 read (µs)", "## p99 write (µs)", "## Learning curve");
        assertThat(out).contains("[compaction.class, concurrent_writes, memtable_cleanup_threshold]");
    }

    @Test
    void searchBenchmarkComparesGaWithTheGrid() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 12, 6);
        String out = SearchBenchmark.run(new String[] {csv.toString(), "--reps", "2", "--levels", "3",
                "--population", "10", "--generations", "5"});
        assertThat(out).contains("time per surrogate prediction", "| 0.1 |", "| 0.5 |", "| 0.9 |", "GA best / grid best");
    }
}
