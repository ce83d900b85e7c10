package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.advisor.core.learning.Measurements;
import dev.ctuner.advisor.core.learning.Provenance;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.TestSamples;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class AnchorNormalisationTest {

    private static final Configuration TUNED = TestSamples.config("concurrent_writes", 64);

    private static Sample run(String id, String machine, long minute, boolean anchor, double throughput, Double p99Read) {
        Provenance p = new Provenance(id, "screening", anchor ? AnchorNormalisation.ANCHOR : "p-" + id, 0,
                Instant.EPOCH.plusSeconds(60 * minute), Instant.EPOCH.plusSeconds(60 * minute + 90), "5.0.9", "test",
                new Provenance.Hardware(2, 24576, 1024, machine));
        return new Sample(Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1), anchor ? Configuration.EMPTY : TUNED,
                new Measurements(throughput, p99Read == null ? OptionalDouble.empty() : OptionalDouble.of(p99Read),
                        OptionalDouble.empty()), p);
    }

    private static Map<String, Sample> byId(AnchorNormalisation.Result r) {
        return r.samples().stream().collect(Collectors.toMap(s -> s.provenance().experimentId(), Function.identity()));
    }

    @Test
    void aConfigurationMeasuredOnAFasterMachineLandsOnTheSameScale() {
        // Machine b runs everything twice as fast; the tuned configuration is 10% better than the anchor on both.
        List<Sample> data = List.of(
                run("a1", "a", 0, true, 10_000, 2_000.0), run("a2", "a", 5, false, 11_000, 1_800.0),
                run("a3", "a", 10, true, 10_000, 2_000.0),
                run("b1", "b", 100, true, 20_000, 1_000.0), run("b2", "b", 105, false, 22_000, 900.0),
                run("b3", "b", 110, true, 20_000, 1_000.0));

        AnchorNormalisation.Result r = AnchorNormalisation.apply(data, 3);

        assertThat(r.anchored()).isTrue();
        assertThat(r.reference()).isCloseTo(15_000, within(1e-9));
        Map<String, Sample> s = byId(r);
        assertThat(s.get("a2").measured().throughput()).isCloseTo(16_500, within(1e-6));
        assertThat(s.get("b2").measured().throughput()).isCloseTo(16_500, within(1e-6));
        assertThat(s.get("a2").measured().p99ReadUs().getAsDouble()).isCloseTo(1_350, within(1e-6));
        assertThat(s.get("b2").measured().p99ReadUs().getAsDouble()).isCloseTo(1_350, within(1e-6));
        assertThat(r.blocks()).extracting(AnchorNormalisation.Block::anchors).containsExactly(2, 2);
        assertThat(r.samples()).extracting(x -> x.provenance().experimentId()).containsExactly("a2", "b2");
        assertThat(r.excluded()).isEmpty();
    }

    @Test
    void driftWithinAMachineIsFollowedByTheAnchorsNearestInTime() {
        // The machine slows to half speed half-way through; a run late in the sitting is judged by the late anchors.
        List<Sample> data = List.of(run("e1", "m", 0, true, 10_000, null), run("e2", "m", 10, true, 10_000, null),
                run("late", "m", 25, false, 6_000, null),
                run("e3", "m", 20, true, 5_000, null), run("e4", "m", 30, true, 5_000, null));

        Map<String, Sample> two = byId(AnchorNormalisation.apply(data, 2));
        Map<String, Sample> all = byId(AnchorNormalisation.apply(data, 4));

        assertThat(two.get("late").measured().throughput()).isCloseTo(6_000 * 7_500 / 5_000.0, within(1e-6));
        assertThat(all.get("late").measured().throughput()).isCloseTo(6_000, within(1e-6));
    }

    @Test
    void samplesOfAMachineWithoutAnchorsAreLeftOutWithTheReason() {
        List<Sample> data = List.of(run("a1", "a", 0, true, 10_000, null), run("a2", "a", 5, false, 11_000, null),
                run("x1", "x", 50, false, 30_000, null));

        AnchorNormalisation.Result r = AnchorNormalisation.apply(data, 3);

        assertThat(r.samples()).extracting(x -> x.provenance().experimentId()).containsExactly("a2");
        assertThat(r.excluded()).singleElement().asString().contains("x1").contains("machine 'x' has no anchor run");
    }

    @Test
    void dataWithoutAnyAnchorIsReturnedUnchangedAndSaysSo() {
        List<Sample> data = List.of(run("a2", "a", 5, false, 11_000, 1_800.0), run("x1", "x", 50, false, 30_000, null));

        AnchorNormalisation.Result r = AnchorNormalisation.apply(data, 3);

        assertThat(r.anchored()).isFalse();
        assertThat(r.samples()).isEqualTo(data);
        assertThat(r.reference()).isNaN();
    }

    @Test
    void theOnlineFactorLooksOnlyBackAtTheSameMachinesAnchors() {
        Instant t0 = Instant.parse("2026-11-24T09:00:00Z");
        List<AnchorNormalisation.Anchor> anchors = List.of(
                new AnchorNormalisation.Anchor("a", t0, 10_000),
                new AnchorNormalisation.Anchor("a", t0.plusSeconds(600), 8_000),
                new AnchorNormalisation.Anchor("b", t0.plusSeconds(7_200), 20_000),
                new AnchorNormalisation.Anchor("b", t0.plusSeconds(8_000), 25_000));

        // on a, after both anchors: first anchor over their mean
        assertThat(AnchorNormalisation.causalFactor(anchors, "a", t0.plusSeconds(900), 3)).isCloseTo(10_000 / 9_000.0, within(1e-12));
        // on a, between them: the later one is in the future and is not used
        assertThat(AnchorNormalisation.causalFactor(anchors, "a", t0.plusSeconds(300), 3)).isEqualTo(1.0);
        // on b, after its first anchor only; a's anchors do not count
        assertThat(AnchorNormalisation.causalFactor(anchors, "b", t0.plusSeconds(7_500), 3)).isEqualTo(0.5);
        assertThat(AnchorNormalisation.causalFactor(anchors, "b", t0.plusSeconds(9_000), 1)).isEqualTo(0.4);
        // a machine without an earlier anchor, or no anchors at all: unscaled
        assertThat(AnchorNormalisation.causalFactor(anchors, "c", t0.plusSeconds(9_000), 3)).isEqualTo(1.0);
        assertThat(AnchorNormalisation.causalFactor(List.of(), "a", t0, 3)).isEqualTo(1.0);
    }

    @Test
    void campaignsWithDifferentAnchorWorkloadsOnOneMachineKeepTheirOwnScale() {
        // A race anchored on a read-heavy workload (40K) beside a screening anchored on workload A (20K), same machine:
        // neither campaign's runs may be pulled towards the other's anchors.
        Sample screeningAnchor = run("s1", "m", 0, true, 20_000, null);
        Sample screeningRun = run("s2", "m", 5, false, 22_000, null);
        Sample raceAnchor = withCampaign(run("r1", "m", 6, true, 40_000, null), "race-x", Workload.ofReadRatio(0.9));
        Sample raceRun = withCampaign(run("r2", "m", 7, false, 44_000, null), "race-x", Workload.ofReadRatio(0.9));

        Map<String, Sample> s = byId(AnchorNormalisation.apply(List.of(screeningAnchor, screeningRun, raceAnchor, raceRun), 3));

        assertThat(s.get("s2").measured().throughput()).isCloseTo(22_000, within(1e-6));
        assertThat(s.get("r2").measured().throughput()).isCloseTo(44_000, within(1e-6));
    }

    private static Sample withCampaign(Sample s, String campaign, Workload workload) {
        Provenance p = s.provenance();
        return new Sample(workload, s.design(), s.configuration(), s.measured(), new Provenance(p.experimentId(), campaign,
                p.designPoint(), p.repetition(), p.startedAt(), p.finishedAt(), p.cassandraVersion(), p.driverVersion(),
                p.hardware()));
    }
}
