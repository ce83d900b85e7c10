package dev.ctuner.advisor.bench;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.search.Recommendation;
import dev.ctuner.advisor.data.SyntheticCsv;
import dev.ctuner.common.catalog.KnobCatalog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
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

    @Test
    void recommendMainPrintsTheChangesAsOneValidateLine() throws IOException {
        // the synthetic response gains 8,000 ops/s x read ratio from levelled compaction, more than any other effect at 0.9
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 24, 5);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Recommendation r = RecommendMain.recommend(new String[] {csv.toString(), "--read", "0.9"},
                new PrintStream(log, true, UTF_8));
        String line = RecommendMain.line(KnobCatalog.cassandra50(), r.changes());
        assertThat(line).contains("compaction.class=LeveledCompactionStrategy")
                .matches("[a-z_.]+=[^;=]+(;[a-z_.]+=[^;=]+)*");
        assertThat(log.toString(UTF_8)).contains("read ratio 0.9", "predicted throughput: recommended",
                "compaction.class: ");
    }

    @Test
    void recommendMainRefusesAReadRatioOutsideZeroToOne() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 12, 5);
        assertThatThrownBy(() -> RecommendMain.recommend(new String[] {csv.toString(), "--read", "1.5"},
                new PrintStream(new ByteArrayOutputStream(), true, UTF_8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1]");
    }
}
