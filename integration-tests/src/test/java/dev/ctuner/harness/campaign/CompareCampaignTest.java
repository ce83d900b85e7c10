package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compare campaign's options, its refusal of a file written with other arms, and its report. */
class CompareCampaignTest {

    private static final KnobColumns COLUMNS = new KnobColumns(KnobCatalog.cassandra50(), new NodeFacts(1024, 2, 1, 24_000),
            List.of("compression.class", "memtable_flush_writers"));

    @TempDir
    Path dir;

    @Test
    void armsAreReadInOrderWithLabelEqualsAloneMeaningTheDefaults() {
        Map<String, Map<String, String>> arms = CampaignMain.arms(new String[] {"compare", "--name", "x", "--arm", "default=",
                "--arm", "tuned=compression.class=none;memtable_flush_writers=1", "--rounds", "4"});

        assertThat(arms.keySet()).containsExactly("default", "tuned");
        assertThat(arms.get("default")).isEmpty();
        assertThat(arms.get("tuned")).containsEntry("compression.class", "none").containsEntry("memtable_flush_writers", "1");
    }

    @Test
    void badArmOptionsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> CampaignMain.arms(new String[] {"--arm", "default="}))
                .hasMessageContaining("at least 2 --arm");
        assertThatThrownBy(() -> CampaignMain.arms(new String[] {"--arm", "a=", "--arm", "a=compression.class=none"}))
                .hasMessageContaining("given twice");
        assertThatThrownBy(() -> CampaignMain.arms(new String[] {"--arm", "Tuned Arm=", "--arm", "b="}))
                .hasMessageContaining("lower-case");
    }

    @Test
    void aFileWrittenWithOtherArmsIsRefused() {
        Map<String, Map<String, String>> arms = CampaignMain.arms(new String[] {"--arm", "default=",
                "--arm", "tuned=compression.class=none"});
        Path file = dir.resolve("compare-x.csv");
        List<Map<String, String>> same = List.of(row("default", 0, "OK", 30_000, arms.get("default")),
                row("tuned", 0, "OK", 33_000, arms.get("tuned")));
        CampaignMain.requireSameArms(same, "compare-x", arms, COLUMNS, file);

        List<Map<String, String>> otherValue = List.of(with(row("tuned", 0, "OK", 33_000, arms.get("tuned")),
                "knob.compression.class", "ZstdCompressor"));
        assertThatThrownBy(() -> CampaignMain.requireSameArms(otherValue, "compare-x", arms, COLUMNS, file))
                .hasMessageContaining("compression.class=ZstdCompressor, not none");
        List<Map<String, String>> otherArm = List.of(row("random", 0, "OK", 33_000, arms.get("tuned")));
        assertThatThrownBy(() -> CampaignMain.requireSameArms(otherArm, "compare-x", arms, COLUMNS, file))
                .hasMessageContaining("arm 'random'");
        // another campaign's rows in the same file are not this comparison's business
        CampaignMain.requireSameArms(otherArm.stream().map(r -> with(r, "campaign", "compare-y")).toList(), "compare-x", arms,
                COLUMNS, file);
    }

    @Test
    void theReportTellsTheFasterArmApartAndLeavesOutRunsThatWereNotOk() throws IOException {
        Map<String, Map<String, String>> arms = CampaignMain.arms(new String[] {"--arm", "default=",
                "--arm", "tuned=compression.class=none", "--arm", "same=memtable_flush_writers=2"});
        List<Map<String, String>> rows = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            double base = 30_000 + 300 * round;
            rows.add(row("default", round, "OK", base, arms.get("default")));
            rows.add(row("tuned", round, "OK", 1.15 * base, arms.get("tuned")));
            rows.add(row("same", round, round == 2 ? "NOISY" : "OK", base + (round % 2 == 0 ? 50 : -50), arms.get("same")));
        }
        Path md = dir.resolve("compare-x.md");

        new ComparisonReport("x", arms, "read 0.50, update 0.50", 6, new String[] {"compare", "--name", "x"}).write(rows, md);

        String report = Files.readString(md);
        assertThat(report).contains("| tuned | 6 |", "| same | 5 |", "1 runs NOISY or FAULTED",
                "Friedman test over the 5 complete rounds", "| tuned vs default | 1.150 |");
        assertThat(report.lines().filter(l -> l.startsWith("| tuned vs default")).findFirst().orElseThrow())
                .endsWith("| b faster |");
        assertThat(report.lines().filter(l -> l.startsWith("| same vs default")).findFirst().orElseThrow())
                .endsWith("| no significant difference |");
    }

    @Test
    void roundsFromTwoMachinesAreJudgedWithinRounds() throws IOException {
        Map<String, Map<String, String>> arms = CampaignMain.arms(new String[] {"--arm", "default=",
                "--arm", "tuned=compression.class=none", "--arm", "same=memtable_flush_writers=2"});
        List<Map<String, String>> rows = new ArrayList<>();
        for (int round = 0; round < 7; round++) {
            // a sitting of 4 rounds on a slow machine, then one of 3 on a machine 2.5 times faster
            double base = (round < 4 ? 12_000 : 30_000) * (1 + 0.01 * round);
            double wobble = round % 2 == 0 ? 1.01 : 0.99;
            String machine = round < 4 ? "slow" : "fast";
            rows.add(with(row("default", round, "OK", base * wobble, arms.get("default")), "machine", machine));
            rows.add(with(row("tuned", round, "OK", 1.08 * base, arms.get("tuned")), "machine", machine));
            rows.add(with(row("same", round, "OK", base / wobble, arms.get("same")), "machine", machine));
        }
        Path md = dir.resolve("compare-x.md");

        new ComparisonReport("x", arms, "read 0.50, update 0.50", 7, new String[] {"compare", "--name", "x"}).write(rows, md);

        String report = Files.readString(md);
        assertThat(report).contains("**The runs come from 2 machines**", "not the ones to read here",
                "Within rounds (Conover's post-hoc test of the Friedman test over the 7 complete rounds");
        List<String> tunedLines = report.lines().filter(l -> l.startsWith("| tuned vs default")).toList();
        assertThat(tunedLines).hasSize(2);
        assertThat(tunedLines.get(0)).endsWith("| no significant difference |"); // Mann-Whitney: machine speed swamps the 7-9%
        assertThat(tunedLines.get(1)).startsWith("| tuned vs default | 10.0 |").endsWith("| b faster |");

        // a sitting killed inside round 3, resumed on the fast machine: that round is not a block
        List<Map<String, String>> killed = rows.stream().map(r -> r.get("repetition").equals("3")
                && r.get("design_point").equals("same") ? with(r, "machine", "fast") : r).toList();
        new ComparisonReport("x", arms, "read 0.50, update 0.50", 7, new String[] {"compare", "--name", "x"}).write(killed, md);

        assertThat(Files.readString(md)).contains("Round(s) [3] ran on more than one machine",
                "Friedman test over the 6 complete rounds", "Conover's post-hoc test of the Friedman test over the 6 complete");
    }

    @Test
    void valuesAreNanWhereARunHasNoOkMeasurement() {
        double[][] v = ComparisonReport.values(List.of(row("b", 1, "OK", 5, Map.of()), row("a", 1, "FAULTED", 0, Map.of())),
                List.of("a", "b"), 2);

        assertThat(v[1][1]).isEqualTo(5);
        assertThat(v[1][0]).isNaN();
        assertThat(v[0][0]).isNaN();
    }

    /** A run of an arm as the executor writes it: its knob columns from the arm's configuration. */
    private static Map<String, String> row(String arm, int round, String quality, double throughput,
            Map<String, String> configuration) {
        Map<String, String> r = new HashMap<>();
        r.put("campaign", "compare-x");
        r.put("design_point", arm);
        r.put("repetition", Integer.toString(round));
        r.put("quality", quality);
        r.put("throughput", Double.toString(throughput));
        r.put("machine", "m1");
        COLUMNS.apply(configuration).forEach((knob, value) -> r.put("knob." + knob, value));
        return r;
    }

    private static Map<String, String> with(Map<String, String> row, String key, String value) {
        Map<String, String> r = new HashMap<>(row);
        r.put(key, value);
        return r;
    }
}
