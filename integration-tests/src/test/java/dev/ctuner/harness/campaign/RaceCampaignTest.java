package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.racing.ParameterSpace;
import dev.ctuner.advisor.core.racing.Tuner;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.OperationStats;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import dev.ctuner.common.protocol.message.Versions;
import dev.ctuner.sidecar.bench.CpuMeter;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The race campaign's replay and resume logic, with a fake measurement instead of Cassandra. */
class RaceCampaignTest {

    private static final List<String> KNOBS = List.of("concurrent_writes", "memtable_cleanup_threshold", "trickle_fsync");
    private static final ParameterSpace SPACE = ParameterSpace.of(KnobCatalog.cassandra50(), KNOBS,
            new NodeFacts(1024, 2, 1, 24_000));
    private static final MeasurementSetup SETUP = new MeasurementSetup(Placement.SHARED, 1000, 1000, 4);
    private static final int BUDGET = 120;

    @TempDir
    Path dir;

    /** A fake node: throughput from the configuration, 3% noise from the point; one OK row per run. */
    private static final class FakeNode implements RaceCampaign.PointRunner {
        private final ExperimentCsv csv;
        private final String campaign;
        private final int failAfter;
        /** A design point that is measured NOISY at every attempt, far faster than any other; null: none. */
        private final String alwaysNoisy;
        int runs;

        FakeNode(ExperimentCsv csv, String campaign, int failAfter) {
            this(csv, campaign, failAfter, null);
        }

        FakeNode(ExperimentCsv csv, String campaign, int failAfter, String alwaysNoisy) {
            this.csv = csv;
            this.campaign = campaign;
            this.failAfter = failAfter;
            this.alwaysNoisy = alwaysNoisy;
        }

        @Override
        public void run(Point p) throws java.io.IOException {
            if (runs == failAfter) {
                throw new IllegalStateException("killed");
            }
            runs++;
            double[] u = SPACE.encode(p.configuration());
            double quality = 1000 - 300 * Math.pow(u[0] - 0.7, 2) - 300 * Math.pow(u[1] - 0.3, 2) - 50 * u[2];
            double noise = new SplittableRandom(p.workload().seed() ^ p.designPoint().hashCode()).nextGaussian();
            Instant t = Instant.parse("2026-11-22T10:00:00Z");
            boolean noisy = p.designPoint().equals(alwaysNoisy);
            for (int attempt = 0; attempt < (noisy ? 8 : 1); attempt++) {
                ExperimentResult r = new ExperimentResult(campaign + "/" + p.designPoint() + "/r" + p.repetition(),
                        p.configuration(), p.workload(), new PhysicalDesign(1, 1), new Versions("5.0.9", "d"),
                        new HardwareFacts(2, 24000, 1024), t, t.plusSeconds(20), 1000,
                        noisy ? 5000 + attempt : quality * (1 + 0.03 * noise),
                        Map.of("READ", new OperationStats(500, 900.0, 5000.0, 0)),
                        noisy ? ExperimentQuality.NOISY : ExperimentQuality.OK,
                        noisy ? List.of("other processes used 0.50 cores during the measured window") : List.of());
                csv.append(campaign, p.designPoint(), p.repetition(), "shared", 20, r, new CpuMeter.Usage(2, 1.2, 0.3, 0),
                        ExperimentRunner.WarmUp.NONE, p.configuration());
            }
        }
    }

    private record Run(Tuner tuner, RaceCampaign.Summary summary, FakeNode node) {
    }

    private Run run(Path file, long seed, int failAfter) throws Exception {
        Tuner tuner = CampaignMain.tuner("race", SPACE, BUDGET, WorkloadShape.readUpdate(0.5), List.of(Map.of()), 5,
                java.util.function.UnaryOperator.identity(), seed);
        ExperimentCsv csv = new ExperimentCsv(file, KNOBS);
        FakeNode node = new FakeNode(csv, "race-t", failAfter);
        RaceCampaign.Summary s = new RaceCampaign(tuner, csv, "race-t",
                i -> WorkloadShape.parse(i.workload()).spec(SETUP, i.seed()), Placement.SHARED, 8, c -> c, node).run();
        return new Run(tuner, s, node);
    }

    private record Search(Tuner tuner, ExperimentCsv csv, RaceCampaign campaign) {
    }

    /** A random search of 20 configurations, one run each, finished on the fake node. */
    private Search randomSearch(String alwaysNoisy) throws Exception {
        Tuner tuner = CampaignMain.tuner("random", SPACE, 20, WorkloadShape.readUpdate(0.5), List.of(), 1,
                java.util.function.UnaryOperator.identity(), 3);
        ExperimentCsv csv = new ExperimentCsv(dir.resolve("random-t.csv"), KNOBS);
        RaceCampaign campaign = new RaceCampaign(tuner, csv, "random-t",
                i -> WorkloadShape.parse(i.workload()).spec(SETUP, i.seed()), Placement.SHARED, 8, c -> c,
                new FakeNode(csv, "random-t", -1, alwaysNoisy));
        campaign.run();
        return new Search(tuner, csv, campaign);
    }

    @Test
    void theBestOfAPrefixIsWhatARandomSearchOfThatBudgetPicksAndTheWholeFileGivesTheSearchsPick() throws Exception {
        Search search = randomSearch(null);
        Tuner tuner = search.tuner();
        ExperimentCsv csv = search.csv();
        RaceCampaign campaign = search.campaign();

        RaceCampaign.Measured all = campaign.bestOfFirst(0).orElseThrow();
        RaceCampaign.Measured five = campaign.bestOfFirst(5).orElseThrow();

        assertThat(all.point()).isEqualTo(tuner.best().orElseThrow().label());
        assertThat(all.configuration()).isEqualTo(tuner.best().orElseThrow().configuration());
        double firstFive = csv.rows().subList(0, 5).stream().mapToDouble(r -> Double.parseDouble(r.get("throughput"))).max()
                .orElseThrow();
        assertThat(five.value()).isEqualTo(firstFive);
        assertThat(five.value()).isLessThanOrEqualTo(all.value());
        assertThatThrownBy(() -> campaign.bestOfFirst(21)).hasMessageContaining("holds only 20 finished experiments");
    }

    @Test
    void aConfigurationNeverMeasuredCleanlyCountsAsAnExperimentButIsNeverTheBest() throws Exception {
        RaceCampaign campaign = randomSearch("c2").campaign();
        List<RaceCampaign.Measured> all = campaign.measured();
        assertThat(all.get(2).point()).isEqualTo("c2");
        assertThat(all.get(2).value()).isGreaterThan(5000); // what the tuner was told: the median of its NOISY runs
        assertThat(all.get(2).ranOk()).isFalse();
        assertThat(all).filteredOn(m -> !m.point().equals("c2")).allMatch(RaceCampaign.Measured::ranOk);

        RaceCampaign.Measured best = campaign.bestOfFirst(0).orElseThrow();
        RaceCampaign.Measured three = campaign.bestOfFirst(3).orElseThrow();

        assertThat(best.point()).isNotEqualTo("c2");
        assertThat(best.value()).isLessThan(2000);
        assertThat(three.value()).isEqualTo(Math.max(all.get(0).value(), all.get(1).value()));
        assertThatThrownBy(() -> campaign.bestOfFirst(21)).hasMessageContaining("holds only 20 finished experiments");
    }

    @Test
    void theBestOfAPrefixIsRefusedWhereConfigurationsRanMoreThanOnce() throws Exception {
        Path file = dir.resolve("race-t.csv");
        run(file, 1, -1);
        ExperimentCsv csv = new ExperimentCsv(file, KNOBS);
        RaceCampaign campaign = new RaceCampaign(CampaignMain.tuner("race", SPACE, BUDGET, WorkloadShape.readUpdate(0.5),
                List.of(Map.of()), 5, java.util.function.UnaryOperator.identity(), 1), csv, "race-t",
                i -> WorkloadShape.parse(i.workload()).spec(SETUP, i.seed()), Placement.SHARED, 8, c -> c, p -> { });

        assertThatThrownBy(() -> campaign.bestOfFirst(10)).hasMessageContaining("one run per configuration only");
    }

    @Test
    void finishesThenReplaysTheWholeFileWithoutMeasuring() throws Exception {
        Path file = dir.resolve("race-t.csv");
        Run first = run(file, 1, -1);
        assertThat(first.tuner().finished()).isTrue();
        assertThat(first.summary().measured()).isEqualTo(first.tuner().experiments()).isLessThanOrEqualTo(BUDGET);
        assertThat(first.summary().replayed()).isZero();
        assertThat(Files.readAllLines(file)).hasSize(first.tuner().experiments() + 1);

        Run again = run(file, 1, 0); // a node that may not run anything
        assertThat(again.summary().measured()).isZero();
        assertThat(again.summary().replayed()).isEqualTo(first.tuner().experiments());
        assertThat(again.tuner().best()).isEqualTo(first.tuner().best());
    }

    @Test
    void resumesAfterAKillAndEndsWhereAnUninterruptedCampaignEnds() throws Exception {
        Run whole = run(dir.resolve("whole.csv"), 4, -1);

        Path file = dir.resolve("killed.csv");
        assertThatThrownBy(() -> run(file, 4, 37)).hasMessage("killed");
        assertThat(Files.readAllLines(file)).hasSize(37 + 1);
        Run resumed = run(file, 4, -1);
        assertThat(resumed.summary().replayed()).isEqualTo(37);
        assertThat(resumed.summary().measured()).isEqualTo(whole.tuner().experiments() - 37);
        assertThat(resumed.tuner().best()).isEqualTo(whole.tuner().best());
        assertThat(Files.readAllLines(file)).hasSameSizeAs(Files.readAllLines(dir.resolve("whole.csv")));
    }

    @Test
    void refusesAFileWrittenWithOtherOptions() throws Exception {
        Path file = dir.resolve("race-t.csv");
        assertThatThrownBy(() -> run(file, 1, 12)).hasMessage("killed");
        // the same ids (c0 on instance 0, ...) now mean other instances and configurations
        assertThatThrownBy(() -> run(file, 2, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("workload seed").hasMessageContaining("--seed");
    }

    @Test
    void refusesAFileHoldingPointsTheTuningNeverAsksFor() throws Exception {
        Path file = dir.resolve("race-t.csv");
        new FakeNode(new ExperimentCsv(file, KNOBS), "race-t", -1)
                .run(new Point("c999", 0, Map.of(), SETUP.workload(0.5, 1), Placement.SHARED));
        assertThatThrownBy(() -> run(file, 1, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("never asked for").hasMessageContaining("c999/r0");
    }

    @Test
    void valuesOfPointsThatNeverRanOk() {
        Map<String, String> ok = Map.of("quality", "OK", "throughput", "950", "quality_notes", "");
        Map<String, String> noisy1 = Map.of("quality", "NOISY", "throughput", "900", "quality_notes", "busy");
        Map<String, String> noisy2 = Map.of("quality", "NOISY", "throughput", "1000", "quality_notes", "busy");
        Map<String, String> faulted = Map.of("quality", "FAULTED", "throughput", "10", "quality_notes", "timeouts");
        Map<String, String> refused = Map.of("quality", "FAULTED", "throughput", "0", "quality_notes", "node did not start: x");
        assertThat(RaceCampaign.value(List.of(noisy1, ok))).isEqualTo(950);
        assertThat(RaceCampaign.value(List.of(noisy1, noisy2))).isEqualTo(950);
        assertThat(RaceCampaign.value(List.of(noisy1, faulted))).isZero();
        assertThat(RaceCampaign.value(List.of(refused))).isZero();
    }

    @Test
    void anAnchoredFileScalesEachRunByTheAnchorsOfItsMachineBeforeIt() {
        Instant t0 = Instant.parse("2026-11-24T09:00:00Z");
        List<dev.ctuner.advisor.core.experiment.AnchorNormalisation.Anchor> anchors = List.of(
                new dev.ctuner.advisor.core.experiment.AnchorNormalisation.Anchor("boot-a", t0, 1000),
                new dev.ctuner.advisor.core.experiment.AnchorNormalisation.Anchor("boot-b", t0.plusSeconds(3600), 2000));
        Map<String, String> onA = Map.of("quality", "OK", "throughput", "1100", "quality_notes", "", "machine", "boot-a",
                "started_at", t0.plusSeconds(60).toString());
        Map<String, String> onB = Map.of("quality", "OK", "throughput", "2200", "quality_notes", "", "machine", "boot-b",
                "started_at", t0.plusSeconds(3660).toString());
        assertThat(RaceCampaign.value(List.of(onA), anchors)).isEqualTo(1100);
        assertThat(RaceCampaign.value(List.of(onB), anchors)).isEqualTo(1100);
    }

    @Test
    void anchorRowsInTheFileAreNotPointsTheTuningNeverAskedFor() throws Exception {
        Run plain = run(dir.resolve("plain.csv"), 1, -1);
        Path file = dir.resolve("race-t.csv");
        new FakeNode(new ExperimentCsv(file, KNOBS), "race-t", -1)
                .run(new Point("anchor", 0, Map.of(), SETUP.workload(0.5, 1), Placement.SHARED));

        Run anchored = run(file, 1, -1);

        assertThat(anchored.tuner().finished()).isTrue();
        assertThat(anchored.tuner().best()).isEqualTo(plain.tuner().best());
    }
}
