package dev.ctuner.advisor.bench;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.search.Recommendation;
import dev.ctuner.advisor.data.SyntheticCsv;
import dev.ctuner.common.catalog.Configuration;
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
        // one run per design point: no scatter within a point to show, but the read-ratio line
        assertThat(out).contains("## Noise in the modelled values").containsPattern(
                "\\| throughput \\(ops/s\\) \\| n/a \\| n/a \\| [0-9.]+% \\(\\d+ values, 16 configurations\\) \\| [0-9.]+% \\|");
    }

    @Test
    void theNoiseSectionComparesLikeWithLikeWhenRunsAreRepeated() throws IOException {
        // a second run of every design point, 10% faster: CV (0.1 / √2) / 1.05 = 6.73%
        Path csv = withSecondRuns(SyntheticCsv.write(dir.resolve("synthetic.csv"), 16, 5), 1.1);
        String each = SurrogateBenchmark.run(new String[] {csv.toString(), "--reps", "2", "--families", "rf",
                "--breakdown", "0"});
        String mean = SurrogateBenchmark.run(new String[] {csv.toString(), "--reps", "2", "--families", "rf",
                "--breakdown", "0", "--repetitions", "mean"});
        // single runs modelled: a single run's scatter (6.73% · √(2/π)), and no line through means
        assertThat(each).contains("| throughput (ops/s) | 6.7% (48 points, 2.0 runs each) | 5.4% | n/a (runs repeated");
        // means modelled: the scatter of a mean of 2, and the line through the means
        assertThat(mean).containsPattern("\\| throughput \\(ops/s\\) \\| 6\\.7% \\(48 points, 2\\.0 runs each\\) \\| 3\\.8% "
                + "\\| [0-9.]+% \\(\\d+ values, 16 configurations\\) \\| [0-9.]+% \\|");
    }

    @Test
    void surrogateBenchmarkShowsWhereTheErrorLies() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 16, 5);
        String out = SurrogateBenchmark.run(new String[] {csv.toString(), "--reps", "2", "--families", "rf",
                "--breakdown", "3"});
        assertThat(out).contains("| Median absolute % error |", "## Where the throughput error lies: RF",
                "| configuration | held out (times) |", "| workload | held out (times) |", "| [");
        assertThat(out).containsPattern("The 3 configurations listed \\(of \\d+\\) hold \\d+% of the total absolute "
                + "percentage error; the MAPE over the other \\d+ predictions is [0-9.]+%")
                .containsPattern("The 2 workloads listed \\(of 2\\) hold 100% of the total absolute percentage error\\.\n");
        assertThat(SurrogateBenchmark.run(new String[] {csv.toString(), "--reps", "2", "--families", "rf",
                "--breakdown", "0"})).doesNotContain("Where the throughput error lies");
    }

    @Test
    void transferCheckRanksAnotherCampaignsConfigurationsByTheirGainOverTheDefault() throws IOException {
        Path train = SyntheticCsv.write(dir.resolve("train.csv"), 30, 5);
        Path tuning = SyntheticCsv.writeTuning(dir.resolve("tuning.csv"), 20, 0.7, 9);
        String out = TransferCheck.run(new String[] {train.toString(), "--test", tuning.toString()});
        assertThat(out).contains("on the runs of " + tuning, "20 OK runs", "workload r0.700 u0.300",
                "| gain error, mean absolute % |", "| Spearman rank correlation, predicted vs measured | ",
                "| t19 | ");
        // the synthetic response is smooth and strong; a forest of 90 samples must rank it well
        String rho = out.lines().filter(l -> l.startsWith("| Spearman")).findFirst().orElseThrow()
                .replaceAll(".*\\| ([-0-9.]+) \\(p = .*", "$1");
        assertThat(Double.parseDouble(rho)).isGreaterThan(0.6);
        Path noAnchors = SyntheticCsv.write(dir.resolve("plain.csv"), 6, 2);
        assertThatThrownBy(() -> TransferCheck.run(new String[] {train.toString(), "--test", noAnchors.toString()}))
                .hasMessageContaining("has no anchor runs");
        assertThatThrownBy(() -> TransferCheck.run(new String[] {train.toString()})).hasMessageContaining("--test");
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
                new PrintStream(log, true, UTF_8)).recommendation();
        String line = RecommendMain.line(KnobCatalog.cassandra50(), Configuration.EMPTY, r.changes());
        assertThat(line).contains("compaction.class=LeveledCompactionStrategy")
                .matches("[a-z_.]+=[^;=]+(;[a-z_.]+=[^;=]+)*");
        assertThat(log.toString(UTF_8)).contains("on 72 samples", "workload r0.900 u0.100", "predicted throughput: recommended",
                "defaults", "compaction.class: ");
    }

    @Test
    void recommendMainTrainsOnTheMeansOfRepeatedRunsWhenAsked() throws IOException {
        Path csv = withSecondRuns(SyntheticCsv.write(dir.resolve("synthetic.csv"), 24, 5), 1.0);
        ByteArrayOutputStream each = new ByteArrayOutputStream();
        RecommendMain.recommend(new String[] {csv.toString(), "--read", "0.9"}, new PrintStream(each, true, UTF_8));
        ByteArrayOutputStream mean = new ByteArrayOutputStream();
        RecommendMain.recommend(new String[] {csv.toString(), "--read", "0.9", "--repetitions", "mean"},
                new PrintStream(mean, true, UTF_8));

        assertThat(each.toString(UTF_8)).contains("on 144 samples");
        assertThat(mean.toString(UTF_8)).contains("on 72 samples");
        assertThatThrownBy(() -> RecommendMain.recommend(new String[] {csv.toString(), "--read", "0.9", "--repetitions",
                "median"}, new PrintStream(new ByteArrayOutputStream(), true, UTF_8)))
                .hasMessageContaining("--repetitions must be each or mean, not 'median'");
    }

    @Test
    void recommendMainTrainsOnTheFirstExperimentsOnlyAndStartsFromTheCurrentConfiguration() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 24, 5);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        RecommendMain.Pick pick = RecommendMain.recommend(new String[] {csv.toString(), "--read", "0.9", "--first", "30",
                "--current", "compaction.class=SizeTieredCompactionStrategy;concurrent_writes=4"},
                new PrintStream(log, true, UTF_8));
        assertThat(log.toString(UTF_8)).contains("on 30 samples", "predicted throughput: recommended ", ", current ");
        // the search started from the current configuration: each change says it moves a current value
        assertThat(pick.recommendation().changes()).filteredOn(c -> pick.current().get(c.knob()).isPresent())
                .allSatisfy(c -> assertThat(c.from()).isEqualTo(pick.current().get(c.knob())));
        String line = RecommendMain.line(KnobCatalog.cassandra50(), pick.current(), pick.recommendation().changes());
        // the whole configuration to measure: the current knobs, each changed or kept
        assertThat(line).contains("compaction.class=", "concurrent_writes=");
        if (pick.recommendation().changes().stream().noneMatch(c -> c.knob().value().equals("concurrent_writes"))) {
            assertThat(line).contains("concurrent_writes=4");
        }
        assertThatThrownBy(() -> RecommendMain.recommend(new String[] {csv.toString(), "--read", "0.9", "--first", "80"},
                new PrintStream(new ByteArrayOutputStream(), true, UTF_8))).hasMessageContaining("only 72 experiments");
        assertThatThrownBy(() -> RecommendMain.recommend(new String[] {csv.toString(), "--read", "0.9", "--current",
                "concurrent_writes=many"}, new PrintStream(new ByteArrayOutputStream(), true, UTF_8)))
                .hasMessageContaining("--current 'concurrent_writes=many' is not a valid configuration");
    }

    @Test
    void theFirstExperimentsCountEveryOutcomeAndBringOnlyTheAnchorsMeasuredBeforeTheyEnded() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 4, 5);
        java.util.List<String> lines = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(csv));
        lines.set(1, lines.get(1).replace(",OK,", ",FAULTED,"));   // the first experiment faulted: no sample, still a run
        String template = lines.get(5);                             // e1-0.5
        lines.add(template.replace("e1-0.5", "anchor"));            // measured with the first ones: kept
        lines.add(template.replace("e1-0.5", "anchor").replace(",0,2026-01-01T00:00:00Z,2026-01-01T00:05:00Z,",
                ",1,2026-01-01T01:00:00Z,2026-01-01T01:05:00Z,"));  // an hour later: not known to the first ones
        java.nio.file.Files.write(csv, lines);
        java.util.List<dev.ctuner.advisor.core.learning.Sample> samples = new dev.ctuner.advisor.data.ExperimentCsvReader(
                KnobCatalog.cassandra50()).read(csv).samples();

        java.util.List<dev.ctuner.advisor.core.learning.Sample> first = RecommendMain.firstExperiments(samples,
                dev.ctuner.advisor.data.ExperimentCsvReader.attempts(csv), 3);

        assertThat(first).extracting(x -> x.provenance().designPoint()).containsExactly("e0-0.5", "e0-0.9", "anchor");
        assertThat(dev.ctuner.advisor.data.ExperimentCsvReader.attempts(csv)).hasSize(14)
                .first().satisfies(a -> assertThat(a.experiment()).isEqualTo("training/e0-0.1/r0"));
        assertThatThrownBy(() -> RecommendMain.firstExperiments(samples, dev.ctuner.advisor.data.ExperimentCsvReader.attempts(csv),
                13)).hasMessageContaining("holds only 12 experiments");
    }

    @Test
    void withoutAReadRatioRecommendMainTakesTheFilesOneWorkloadAndRefusesSeveral() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 12, 5);
        assertThatThrownBy(() -> RecommendMain.recommend(new String[] {csv.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, UTF_8)))
                .hasMessageContaining("3 workloads").hasMessageContaining("--read");
        Path oneWorkload = dir.resolve("one.csv");
        java.nio.file.Files.write(oneWorkload, java.nio.file.Files.readAllLines(csv).stream()
                .filter(l -> !l.contains(",0.10,0.90,") && !l.contains(",0.50,0.50,")).toList());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        RecommendMain.recommend(new String[] {oneWorkload.toString()}, new PrintStream(log, true, UTF_8));
        assertThat(log.toString(UTF_8)).contains("on 12 samples", "workload r0.900 u0.100");
    }

    @Test
    void recommendMainRefusesAReadRatioOutsideZeroToOne() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 12, 5);
        assertThatThrownBy(() -> RecommendMain.recommend(new String[] {csv.toString(), "--read", "1.5"},
                new PrintStream(new ByteArrayOutputStream(), true, UTF_8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1]");
    }

    /**
     * Adds a second run of every design point to a synthetic CSV: its own id and repetition, and its
     * throughput times {@code factor} (the row is copied unchanged at 1).
     */
    private static Path withSecondRuns(Path csv, double factor) throws IOException {
        java.util.List<String> lines = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(csv));
        int throughput = java.util.Arrays.asList(lines.get(0).split(",")).indexOf("throughput");
        for (String row : java.util.List.copyOf(lines.subList(1, lines.size()))) {
            String again = row.replaceFirst("^e", "again-e").replaceFirst(",0,2026-01-01T00:00:00Z,", ",1,2026-01-01T00:00:00Z,");
            if (factor != 1) {
                String[] cells = again.split(",", -1);
                cells[throughput] = String.format(java.util.Locale.ROOT, "%.4f", factor * Double.parseDouble(cells[throughput]));
                again = String.join(",", cells);
            }
            lines.add(again);
        }
        java.nio.file.Files.write(csv, lines);
        return csv;
    }
}
