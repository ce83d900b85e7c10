package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The peer table of a comparison (issue 9): tuning cost from the source campaign, share of the limit, trap recovery. */
class PeerTableTest {

    private static final List<String> LABELS = List.of("default", "trap", "limit", "race", "random-2");
    /** Arm means with a gain and a loss to share: default 30,000, trap 15,000, limit 36,000, race 33,000. */
    private static final Map<String, Double> SPREAD = Map.of("default", 30_000.0, "trap", 15_000.0, "limit", 36_000.0,
            "race", 33_000.0, "random-2", 30_000.0);

    @TempDir
    Path dir;

    /**
     * random-t: anchor, c1/0 (faulted, then OK), c2/0, anchor, c3/0; race-t: c1/0 only. Each run
     * 100 s; the first c1 attempt 50 s.
     */
    @BeforeEach
    void tuningFiles() throws IOException {
        List<String> random = new ArrayList<>(List.of("campaign,design_point,repetition,started_at,finished_at,wall_seconds,quality"));
        random.add("random-t,anchor,0,2026-11-25T10:00:00Z,2026-11-25T10:01:40Z,100,OK");
        random.add("random-t,c1,0,2026-11-25T10:01:40Z,2026-11-25T10:02:30Z,50,FAULTED");
        random.add("random-t,c1,0,2026-11-25T10:02:30Z,2026-11-25T10:04:10Z,100,OK");
        random.add("random-t,c2,0,2026-11-25T10:04:10Z,2026-11-25T10:05:50Z,100,OK");
        random.add("random-t,anchor,0,2026-11-25T10:05:50Z,2026-11-25T10:07:30Z,100,OK");
        random.add("random-t,c3,0,2026-11-25T10:07:30.5Z,2026-11-25T10:09:10Z,100,OK");
        Files.write(dir.resolve("random-t.csv"), random);
        Files.write(dir.resolve("race-t.csv"), List.of("campaign,design_point,repetition,started_at,finished_at,wall_seconds,quality",
                "race-t,c1,0,2026-11-25T11:00:00Z,2026-11-25T11:01:40Z,100,OK"));
    }

    @Test
    void theCostOfAPrefixCountsItsExperimentsEveryAttemptAndTheAnchorsAmongThem() throws IOException {
        List<Map<String, String>> rows = ExperimentCsv.read(dir.resolve("random-t.csv"));

        PeerColumns.Cost two = PeerColumns.cost(rows, new PeerColumns.Source("random-t", 2));
        PeerColumns.Cost all = PeerColumns.cost(rows, new PeerColumns.Source("random-t", 0));

        assertThat(two.experiments()).isEqualTo(2);
        assertThat(two.machineSeconds()).isCloseTo(100 + 50 + 100 + 100, within(1e-9)); // first anchor, c1 twice, c2
        assertThat(all.experiments()).isEqualTo(3);
        assertThat(all.machineSeconds()).isCloseTo(550, within(1e-9)); // c1 twice, c2, c3 and both anchors
        assertThat(PeerColumns.experiments(rows, "random-t")).containsExactly("c1/0", "c2/0", "c3/0");
    }

    @Test
    void badPeerOptionsAreRefusedBeforeAnythingIsMeasured() {
        assertThatThrownBy(() -> peers("--source", "race=race-missing")).hasMessageContaining("holds 0 experiments");
        assertThatThrownBy(() -> peers("--source", "random-2=random-t:4")).hasMessageContaining("fewer than the 4");
        assertThatThrownBy(() -> peers("--source", "race=training")).hasMessageContaining("race-NAME or random-NAME");
        assertThatThrownBy(() -> peers("--source", "tuned=race-t")).hasMessageContaining("not among the arms");
        assertThatThrownBy(() -> peers("--source", "race=race-t", "--source", "race=race-t")).hasMessageContaining("twice");
        assertThatThrownBy(() -> peers("--source", "race/x=race-t", "--source", "race/x=random-t")).hasMessageContaining("twice");
        assertThatThrownBy(() -> peers("--source", "race/X=race-t")).hasMessageContaining("ARM/PICK");
        assertThatThrownBy(() -> peers("--trap", "default")).hasMessageContaining("reference arm");
        assertThatThrownBy(() -> peers("--limit", "trap", "--trap", "trap")).hasMessageContaining("same arm");
    }

    @Test
    void theTableGivesShareOfTheLimitRecoveryFromTheTrapAndTheTuningCost() throws IOException {
        String report = reportOfSixRounds(SPREAD, "compare", "--source", "race=race-t", "--source", "random-2=random-t:2",
                "--source", "default/race-from-default=race-t", "--limit", "limit", "--trap", "trap");
        assertThat(report).contains("## Peer table");
        assertThat(line(report, "| race |")).startsWith("| race | race | 1.100 | 50% | 120% |").endsWith("| 1 | 0.0 h |");
        assertThat(line(report, "| random-2 |")).startsWith("| random-2 | random-2 | 1.000 | 0% | 100% |")
                .endsWith("| 2 | 0.1 h |");
        assertThat(line(report, "| limit |")).startsWith("| limit |  | 1.200 | 100% | 140% |").endsWith("|  |  |");
        // the trap's row: its ratio and its test against the reference; no share of the limit (-250%) or of its own loss
        assertThat(line(report, "| trap |")).startsWith("| trap |  | 0.500 |  |  | ");
        // a pick that came to the reference's configuration: its cost, no test against itself
        assertThat(line(report, "| default |")).isEqualTo("| default | race-from-default | 1.000 | 0% | 100% |  | 1 | 0.0 h |");
        assertThat(report).contains("- random-2: random-t, its first 2 experiments", "- race-from-default: race-t");
    }

    @Test
    void aPickThatCameBackToTheTrapKeepsItsShares() throws IOException {
        String report = reportOfSixRounds(SPREAD, "compare", "--source", "trap/race-from-trap=race-t", "--limit", "limit",
                "--trap", "trap");

        // a method that recovered nothing: its pick's row says so
        assertThat(line(report, "| trap |")).startsWith("| trap | race-from-trap | 0.500 | -250% | 0% |");
    }

    @Test
    void aLimitThatCameToTheReferenceHasNoGainToShare() throws IOException {
        Map<String, Double> level = new HashMap<>();
        LABELS.forEach(l -> level.put(l, 30_000.0));

        String report = reportOfSixRounds(level, "compare", "--source", "race=race-t", "--limit", "default");

        assertThat(line(report, "| race |")).startsWith("| race | race | 1.000 | n/a |");
    }

    @Test
    void sharesAreNotAvailableWhereTheLimitGainsNothingOrTheTrapLosesNothing() {
        assertThat(ComparisonReport.share(500, 0)).isEqualTo("n/a");
        assertThat(ComparisonReport.share(500, -100)).isEqualTo("n/a");
        assertThat(ComparisonReport.share(500, Double.NaN)).isEmpty();
        assertThat(ComparisonReport.share(500, 1000)).isEqualTo("50%");
    }

    /** The report of 6 rounds in which each arm runs its mean ± 100 ops/s. */
    private String reportOfSixRounds(Map<String, Double> means, String... args) throws IOException {
        Map<String, Map<String, String>> arms = new java.util.LinkedHashMap<>();
        LABELS.forEach(l -> arms.put(l, Map.of()));
        List<Map<String, String>> rows = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            for (String label : LABELS) {
                rows.add(row(label, round, means.get(label) + (round % 2 == 0 ? 100 : -100)));
            }
        }
        Path md = dir.resolve("compare-x.md");
        new ComparisonReport("x", arms, "read 0.95", 6, args).withPeers(PeerColumns.of(args, LABELS, dir)).write(rows, md);
        return Files.readString(md);
    }

    private PeerColumns peers(String... args) throws IOException {
        return PeerColumns.of(args, LABELS, dir);
    }

    private static String line(String report, String start) {
        return report.lines().filter(l -> l.startsWith(start)).reduce((a, b) -> b).orElseThrow();
    }

    private static Map<String, String> row(String arm, int round, double throughput) {
        Map<String, String> r = new HashMap<>();
        r.put("campaign", "compare-x");
        r.put("design_point", arm);
        r.put("repetition", Integer.toString(round));
        r.put("quality", "OK");
        r.put("throughput", Double.toString(throughput));
        r.put("machine", "m1");
        return r;
    }
}
