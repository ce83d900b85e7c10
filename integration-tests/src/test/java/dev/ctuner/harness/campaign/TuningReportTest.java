package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.advisor.core.racing.Evaluation;
import dev.ctuner.advisor.core.racing.ParameterSpace;
import dev.ctuner.advisor.core.racing.RaceVetting;
import dev.ctuner.advisor.core.racing.RacingSettings;
import dev.ctuner.advisor.core.racing.RandomSearch;
import dev.ctuner.advisor.core.racing.Tuner;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The report of a race or random campaign: spread against the default, anchors, best configurations, pick. */
class TuningReportTest {

    private static final ParameterSpace SPACE = ParameterSpace.of(KnobCatalog.cassandra50(), List.of("concurrent_reads"),
            new NodeFacts(1024, 2, 1, 24_000));

    @Test
    void theSpreadIsGivenAgainstTheFirstAnchorAndTheBestAreListedWithTheirKnobs() {
        List<Map<String, String>> rows = new ArrayList<>();
        rows.add(row("anchor", "OK", 20_000, "m1"));
        rows.add(row("anchor", "OK", 22_000, "m1"));
        rows.add(row("c0", "NOISY", 1, "m1"));
        List<RaceCampaign.Measured> measured = new ArrayList<>();
        for (int i = 0; i < 11; i++) {   // 10,000 ... 30,000 ops/s
            measured.add(new RaceCampaign.Measured("c" + i, 0, 10_000 + 2_000 * i, Map.of("concurrent_reads", Integer.toString(i + 2)), true));
            rows.add(row("c" + i, "OK", 10_000 + 2_000 * i, "m1"));
        }
        Tuner unfinished = RandomSearch.start(SPACE, 20, 1, List.of(), List.of("read=0.95"), new SplittableRandom(1));

        String md = TuningReport.markdown("random-x", "read 0.95", rows, measured, unfinished, 20,
                new String[] {"random", "--name", "x", "--knobs", "concurrent_reads"});

        assertThat(md).contains("11 of 20 experiments finished (still running); 14 runs in all (2 anchors, 1 NOISY or FAULTED",
                "| m1 | 2 | 21000 | 6.7% | 20000 | 22000 |", "The scale: the first anchor, 20000 ops/s",
                "| best | 30000 | 1.500 |", "| median | 20000 | 1.000 |", "| worst | 10000 | 0.500 |",
                "5 of 11 configurations measured above the default",
                "| c10 | 1 | 30000 | 1.500 | `concurrent_reads=12` |", "None until the tuning has finished.");
        assertThat(md.indexOf("| c10 |")).isLessThan(md.indexOf("| c9 |"));
        assertThat(md).doesNotContain("| c5 |");   // top 5 only
    }

    @Test
    void aVettingRaceSaysWhichCandidateBeatTheCurrentConfiguration() {
        RaceVetting v = RaceVetting.start(Map.of(), List.of(Map.of("concurrent_reads", "8"), Map.of("concurrent_reads", "4")),
                List.of("read=0.95"), RacingSettings.irace(40, 1).withMinSurvivors(1), new SplittableRandom(1));
        List<RaceCampaign.Measured> measured = new ArrayList<>();
        while (!v.finished()) {
            for (Evaluation e : v.nextRequests()) {
                // c1 clearly the fastest, c2 between it and the current configuration
                double value = 20_000 + 5_000 * (e.candidate().id() == 1 ? 2 : e.candidate().id() == 2 ? 1 : 0)
                        + 10 * e.instance().index();
                measured.add(new RaceCampaign.Measured(e.candidate().label(), e.instance().index(), value,
                        e.candidate().configuration(), true));
                v.report(e.candidate().id(), e.instance().index(), value);
            }
        }

        String md = TuningReport.markdown("vet-x", "read 0.95", List.of(), measured, v, 40,
                new String[] {"vet", "--name", "x"});

        assertThat(md).contains("the current configuration (c0) was dropped",
                "| c1 | `concurrent_reads=8` | yes | passes |", "## Race log", "dropped");
        assertThat(md).containsPattern("\\| c2 \\| `concurrent_reads=4` \\| (no \\| fails: dropped|yes \\| passes)");
    }

    @Test
    void aRaceSetsEachCandidateBesideC0OnTheInstancesBothRanWhichRemovesTheInstancesLuck() {
        // instance 1 is a lucky seed: everything 50% faster there; c1 is 10% better than c0 on both, c2 ran only instance 0
        List<RaceCampaign.Measured> measured = List.of(
                new RaceCampaign.Measured("c0", 0, 20_000, Map.of(), true),
                new RaceCampaign.Measured("c1", 0, 22_000, Map.of("concurrent_reads", "8"), true),
                new RaceCampaign.Measured("c2", 0, 18_000, Map.of("concurrent_reads", "4"), true),
                new RaceCampaign.Measured("c0", 1, 30_000, Map.of(), true),
                new RaceCampaign.Measured("c1", 1, 33_000, Map.of("concurrent_reads", "8"), true));
        List<Map<String, String>> rows = List.of(row("anchor", "OK", 20_000, "m1"));
        Tuner unfinished = RandomSearch.start(SPACE, 20, 1, List.of(), List.of("read=0.95"), new SplittableRandom(1));

        String md = TuningReport.markdown("random-x", "read 0.95", rows, measured, unfinished, 20,
                new String[] {"race", "--name", "x", "--with-default"});

        assertThat(TuningReport.overReference(measured, "c1")).containsExactly(new double[] {1.1, 1.1}, within(1e-12));
        assertThat(TuningReport.overReference(measured, "c2")).containsExactly(new double[] {0.9}, within(1e-12));
        assertThat(md).contains("| over the default | over c0, same instances | knobs |",
                "| c1 | 2 | 27500 | 1.375 | 1.100 (2) | `concurrent_reads=8` |", "| c0 | 2 | 25000 | 1.250 | 1.000 (2) |",
                "| c2 | 1 | 18000 | 0.900 | 0.900 (1) |", "c0 (the default itself)",
                "| 0 | 3 | 20000 | 1.000 | 20000 |", "| 1 | 2 | 31500 | 1.575 | 30000 |");
    }

    @Test
    void aRandomSearchHasNoPairedColumn() {
        List<RaceCampaign.Measured> measured = List.of(new RaceCampaign.Measured("c0", 0, 20_000, Map.of(), true),
                new RaceCampaign.Measured("c1", 0, 22_000, Map.of("concurrent_reads", "8"), true));
        Tuner unfinished = RandomSearch.start(SPACE, 20, 1, List.of(), List.of("read=0.95"), new SplittableRandom(1));

        String md = TuningReport.markdown("random-x", "read 0.95", List.of(row("anchor", "OK", 20_000, "m1")), measured,
                unfinished, 20, new String[] {"random", "--name", "x", "--with-default"});

        assertThat(md).contains("| c1 | 1 | 22000 | 1.100 | `concurrent_reads=8` |").doesNotContain("same instances");
    }

    @Test
    void aReportRewrittenWithoutANodeStillGivesTheCommandThatResumesTheCampaign() {
        Tuner unfinished = RandomSearch.start(SPACE, 20, 1, List.of(), List.of("read=0.95"), new SplittableRandom(1));

        String md = TuningReport.markdown("random-x", "read 0.95", List.of(), List.of(), unfinished, 20,
                new String[] {"random", "--name", "x", "--report-only", "--read", "0.95"});

        assertThat(md).contains("Regenerate: `scripts/campaign.sh random --name x --read 0.95` (resumes;");
    }

    @Test
    void configurationsAverageTheirInstancesAndQuantilesInterpolate() {
        List<TuningReport.Configuration> c = TuningReport.configurations(List.of(
                new RaceCampaign.Measured("c1", 0, 100, Map.of(), true), new RaceCampaign.Measured("c2", 0, 50, Map.of(), true),
                new RaceCampaign.Measured("c1", 1, 200, Map.of(), true)));

        assertThat(c).extracting(TuningReport.Configuration::point).containsExactly("c1", "c2");
        assertThat(c.get(0).mean()).isEqualTo(150);
        assertThat(c.get(0).instances()).isEqualTo(2);
        assertThat(TuningReport.quantile(new double[] {1, 2, 3, 4}, 0.5)).isCloseTo(2.5, within(1e-12));
        assertThat(TuningReport.quantile(new double[] {1, 2, 3, 4}, 0.9)).isCloseTo(3.7, within(1e-12));
    }

    private static Map<String, String> row(String point, String quality, double throughput, String machine) {
        Map<String, String> r = new HashMap<>();
        r.put("campaign", "random-x");
        r.put("design_point", point);
        r.put("repetition", "0");
        r.put("quality", quality);
        r.put("throughput", Double.toString(throughput));
        r.put("wall_seconds", "100");
        r.put("machine", machine);
        return r;
    }
}
