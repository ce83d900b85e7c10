package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.TestUsers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.config.VettingProperties;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.safety.SafeRoundPlanner;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.ring.ReportedClusters;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.LoopDecision;
import dev.ctuner.advisor.store.ObservationSamples;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.advisor.store.VerificationStore;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.core.vetting.RaceEvidence;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.advisor.store.AuditEntry;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.common.protocol.NodeId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One cluster's decision periods end to end through the real stores (H2), the real ring assembly from
 * reported heartbeats and the model trained on the committed dataset: the loop waits for history,
 * proposes a change by itself for a mis-tuned read-heavy cluster (origin ADVISOR, with its evidence),
 * never a second one while it is pending, rolls it out once an operator approves, and does nothing
 * while paused.
 */
@SpringBootTest
class TuningCycleTest {

    /**
     * The trap's node settings (compare-trap-peers.md: two read threads) as the sidecars of a 512 MiB-heap node read
     * them back.
     */
    static final Map<String, String> TRAP = Map.of("concurrent_reads", "2", "compaction_throughput", "64MiB/s",
            "key_cache_size", "25MiB", "memtable_allocation_type", "heap_buffers", "memtable_cleanup_threshold", "0.33333334",
            "memtable_flush_writers", "2");
    private static int clusters;

    @Autowired TuningLoopService loops;
    @Autowired TuningLoopStore store;
    @Autowired RecommendationService recommendations;
    @Autowired RolloutService rollouts;
    @Autowired RolloutStore rolloutStore;
    @Autowired ObservationStore observations;
    @Autowired VerificationStore verifications;
    @Autowired LearningService learning;
    @Autowired ReportedRings rings;
    @Autowired ClusterRegistry registry;
    @Autowired SafeRoundPlanner planner;
    @Autowired KnobCatalog catalog;
    @Autowired TuningProperties properties;
    @Autowired VettingProperties vetting;

    private ClusterId cluster;
    private TuningCycle cycle;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-cycle-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        registry.add("ctuner.advisor.learning.datasets[0]", () -> Path.of("../docs/data/dataset-v2.csv").toAbsolutePath().toString());
        registry.add("ctuner.advisor.learning.train-at-startup", () -> "true");
        registry.add("ctuner.advisor.learning.search.population", () -> "30");
        registry.add("ctuner.advisor.learning.search.generations", () -> "30");
        registry.add("ctuner.advisor.tuning.verify-min-windows", () -> "5");
        registry.add("ctuner.advisor.tuning.verify-warmup", () -> "30s");   // the windows below start 30 s after the change
        registry.add("ctuner.advisor.vetting.node-facts.heap-mib", () -> "512");
        registry.add("ctuner.advisor.vetting.max-uncertainty", () -> "1");
        registry.add("ctuner.advisor.vetting.min-gain", () -> "-0.5");
    }

    @BeforeEach
    void aReportedClusterWithARing() throws Exception {
        cluster = new ClusterId("cycle" + (++clusters));
        List<ReportedClusters.Node> nodes = ReportedClusters.nodes(3, 16);
        ReportedClusters.report(registry, cluster, nodes, List.of(ReportedClusters.nts("shop", 3)));
        cycle = TuningConfiguration.cycle(loops, store, recommendations, rollouts, rolloutStore, observations, verifications, learning,
                rings, registry, planner, catalog, properties, vetting);
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (learning.current().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(learning.current()).as("model trained on dataset-v2").isPresent();
    }

    /** {@code windows} 30 s windows of every node, the last ending now, read-heavy, in configuration {@code config}. */
    private void observe(int windows, Map<String, String> config) {
        Instant end = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        for (int i = windows; i >= 1; i--) {
            Instant start = end.minusSeconds(30L * i);
            for (String node : List.of("n1", "n2", "n3")) {
                observations.record(ObservationSamples.sample(cluster.value(), node, start, 900 + i, 100, 2_000.0, 900.0, config));
            }
        }
    }

    private List<LoopDecision> decisions() {
        return store.decisions(cluster, 50);
    }

    @Test
    void withTooLittleHistoryTheLoopHoldsAndSaysSo() {
        observe(3, TRAP);
        cycle.run(cluster);
        assertThat(decisions()).hasSize(1);
        assertThat(decisions().get(0).outcome()).isEqualTo(LoopDecision.Outcome.HELD);
        assertThat(decisions().get(0).reason()).contains("history");
        assertThat(recommendations.list(Optional.of(cluster), Optional.empty(), 10)).isEmpty();
    }

    @Test
    void aMisTunedClusterGetsAProposalThatAnApprovalRollsOut() {
        observe(20, TRAP);
        cycle.run(cluster);
        LoopDecision first = decisions().get(0);
        System.out.println("first decision: " + first.outcome() + ": " + first.reason());
        assertThat(first.outcome()).as(first.reason()).isEqualTo(LoopDecision.Outcome.PROPOSED);
        Recommendation r = recommendations.get(first.recommendationId().orElseThrow());
        assertThat(r.origin()).isEqualTo(Origin.ADVISOR);
        assertThat(r.state()).as("audit %s", recommendations.auditTrail(r.id())).isEqualTo(RecommendationState.VETTED);
        assertThat(r.gain()).isPresent();
        assertThat(r.note()).contains("Proposed by the tuning loop", "read ratio 0.90");
        assertThat(first.evidence().orElseThrow()).contains("\"seen\"", "\"forecast\"", "\"changes\"", "\"predictedGain\"",
                "\"outsideData\"", "\"plan\"", "\"current\"");
        assertThat(first.workload()).isPresent();

        cycle.run(cluster);   // pending: no second proposal
        assertThat(recommendations.list(Optional.of(cluster), Optional.empty(), 10)).hasSize(1);
        assertThat(decisions().get(0).outcome()).isEqualTo(LoopDecision.Outcome.AWAITING_OPERATOR);
        assertThat(decisions().get(0).reason()).contains("approval policy is manual");

        recommendations.approve(r.id(), "olga", "looks right");
        cycle.run(cluster);
        assertThat(decisions().get(0).outcome()).as(decisions().get(0).reason()).isEqualTo(LoopDecision.Outcome.ROLLOUT_STARTED);
        assertThat(recommendations.get(r.id()).state()).isEqualTo(RecommendationState.ROLLING_OUT);
        assertThat(rolloutStore.forRecommendation(r.id())).hasSize(1);
    }

    @Test
    void aChangeWhoseTierNeedsARaceIsHeldWhileItRacesThenProposedWithTheRaceEvidence() {
        observe(20, TRAP);
        java.util.concurrent.atomic.AtomicReference<ProposalRaces.Status> status = new java.util.concurrent.atomic.AtomicReference<>(
                new ProposalRaces.Status.Racing("race r1, 3 of at most 30 experiments sent"));
        List<Map<String, String>> raced = new java.util.ArrayList<>();
        ProposalRaces races = new ProposalRaces() {
            @Override
            public boolean available() {
                return true;
            }

            @Override
            public ProposalRaces.Status race(ClusterId c, Map<String, String> current, Map<String, String> pick) {
                raced.add(current);
                raced.add(pick);
                return status.get();
            }
        };
        VettingProperties everyTier = new VettingProperties(vetting.minGain(), vetting.maxUncertainty(), vetting.maxTier(),
                vetting.nodeFacts(), Set.of(ApplyMode.LIVE, ApplyMode.SCHEMA, ApplyMode.RESTART));
        TuningCycle racing = TuningConfiguration.cycle(loops, store, recommendations, rollouts, rolloutStore, observations,
                verifications, learning, rings, registry, planner, catalog, properties, everyTier, Optional.of(races));
        racing.run(cluster);
        LoopDecision held = decisions().get(0);
        assertThat(held.outcome()).as(held.reason()).isEqualTo(LoopDecision.Outcome.HELD);
        assertThat(held.reason()).contains("racing", "on the experiment node", "race r1");
        assertThat(recommendations.list(Optional.of(cluster), Optional.empty(), 10)).isEmpty();
        assertThat(raced.get(1).keySet()).as("the race's current values are those of the changed knobs")
                .isEqualTo(raced.get(0).keySet());

        status.set(new ProposalRaces.Status.Raced(new RaceEvidence(true, false, 30, 15), "race r1: no significant gain"));
        racing.run(cluster);
        LoopDecision proposed = decisions().get(0);
        assertThat(proposed.outcome()).as(proposed.reason()).isEqualTo(LoopDecision.Outcome.PROPOSED);
        Recommendation r = recommendations.get(proposed.recommendationId().orElseThrow());
        assertThat(r.note()).contains("Race on the experiment node: race r1: no significant gain");
        assertThat(r.state()).as("the race measured no gain: vetting refuses it").isEqualTo(RecommendationState.REJECTED);
        assertThat(recommendations.auditTrail(r.id()).toString()).contains("the current configuration survived the race");
    }

    /**
     * Node settings as a 512 MiB-heap node reads them back, with the workload's table (shop.orders, all the samples'
     * operations) compressed as in the trap of compare-trap-peers.md: Zstd with 256 KiB chunks.
     */
    static final Map<String, String> TABLE_TRAP = Map.of("concurrent_reads", "32", "compaction_throughput", "64MiB/s",
            "key_cache_size", "25MiB", "memtable_allocation_type", "heap_buffers", "memtable_cleanup_threshold", "0.33333334",
            "memtable_flush_writers", "2", "compression.class@shop.orders", "ZstdCompressor",
            "compression.chunk_length_in_kb@shop.orders", "256", "compression.class@shop.users", "ZstdCompressor");

    @Test
    void theWorkloadsTableIsReadAndItsOptionsAreCandidatesOfTheirOwnNeverMixedWithNodeSettings() {
        observe(20, TABLE_TRAP);
        VettingProperties schemaTier = new VettingProperties(vetting.minGain(), vetting.maxUncertainty(), ApplyMode.SCHEMA,
                vetting.nodeFacts(), Set.of());
        DecisionInputs inputs = new DecisionInputs(observations, learning, rings, registry, rolloutStore, planner, catalog, properties,
                schemaTier, false);
        DecisionInputs.Gathered g = inputs.gather(cluster, Instant.now());
        assertThat(g.input()).as(g.missing()).isNotNull();
        assertThat(g.table()).hasValueSatisfying(t -> assertThat(t.name()).isEqualTo("shop.orders"));
        var current = g.input().current();
        assertThat(current.values().get(new dev.ctuner.common.catalog.KnobName("compression.class")).text()).isEqualTo("ZstdCompressor");
        var tableChanges = g.input().candidates().stream().map(c -> changed(current, c)).filter(k -> !k.isEmpty())
                .filter(k -> k.stream().anyMatch(n -> n.startsWith("compression."))).toList();
        assertThat(tableChanges).as("a candidate changes the table's compression").isNotEmpty();
        assertThat(tableChanges).allSatisfy(k -> assertThat(k).allMatch(n -> n.startsWith("compression.") || n.startsWith("compaction.")));
    }

    @Test
    void aProposalOfTableOptionsNamesTheWorkloadsTableAndIsASchemaChange() {
        observe(20, TABLE_TRAP);
        // LIVE changes need a race and none runs: table options are the only change the loop may propose
        VettingProperties schemaOnly = new VettingProperties(vetting.minGain(), vetting.maxUncertainty(), ApplyMode.SCHEMA,
                vetting.nodeFacts(), Set.of(ApplyMode.LIVE));
        TuningCycle c = TuningConfiguration.cycle(loops, store, recommendations, rollouts, rolloutStore, observations, verifications,
                learning, rings, registry, planner, catalog, properties, schemaOnly);
        c.run(cluster);
        LoopDecision d = decisions().get(0);
        System.out.println("table trap decision: " + d.outcome() + ": " + d.reason());
        assertThat(d.outcome()).as(d.reason()).isEqualTo(LoopDecision.Outcome.PROPOSED);
        Recommendation r = recommendations.get(d.recommendationId().orElseThrow());
        assertThat(r.settings().keySet()).isNotEmpty().allMatch(k -> k.startsWith("compression.") || k.startsWith("compaction."));
        assertThat(r.tables()).containsExactly("shop.orders");
        assertThat(r.costTier()).isEqualTo(ApplyMode.SCHEMA);
        // the service's own vetting (the default) races SCHEMA changes, and no experiment node races here
        assertThat(r.state()).isEqualTo(RecommendationState.REJECTED);
        assertThat(recommendations.auditTrail(r.id()).toString()).contains("must first win a race");
    }

    private static Set<String> changed(dev.ctuner.common.catalog.Configuration from, dev.ctuner.common.catalog.Configuration to) {
        Set<String> keys = new java.util.TreeSet<>();
        to.values().forEach((k, v) -> {
            if (!v.equals(from.values().get(k))) {
                keys.add(k.value());
            }
        });
        return keys;
    }

    @Test
    void aProposalTooUncertainForVettingIsHeldWithTheReasonAndNothingIsStored() {
        observe(20, TRAP);
        TuningCycle strict = TuningConfiguration.cycle(loops, store, recommendations, rollouts, rolloutStore, observations, verifications,
                learning, rings, registry, planner, catalog, properties, new VettingProperties(0.02, 0.2, vetting.maxTier(),
                        vetting.nodeFacts(), vetting.raceRequiredFor()));
        strict.run(cluster);
        LoopDecision d = decisions().get(0);
        assertThat(d.outcome()).as(d.reason()).isEqualTo(LoopDecision.Outcome.HELD);
        assertThat(d.reason()).contains("too uncertain to propose", "lower bound above +2.0%", "at most 20.0 points wide");
        assertThat(recommendations.list(Optional.of(cluster), Optional.empty(), 10)).isEmpty();
    }

    @Test
    void aChangeMeasuredWorseAfterItsRolloutIsRolledBackByVerification() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Recommendation r = recommendations.propose(cluster, Map.of("concurrent_reads", "64"), dev.ctuner.common.catalog.Configuration.EMPTY,
                new GainEstimate(0.10, 0.05, 0.15), "test change", "tuning-loop");
        recommendations.approve(r.id(), "olga", "go");
        recommendations.move(r.id(), RecommendationState.ROLLING_OUT, "olga", "go");
        recommendations.move(r.id(), RecommendationState.VERIFIED, "rollout", "every node changed");
        Instant started = now.minus(Duration.ofMinutes(7));
        Instant finished = now.minus(Duration.ofMinutes(6));
        UUID rollout = UUID.randomUUID();
        rolloutStore.insert(new Rollout(rollout, r.id(), RolloutState.SUCCEEDED, 0, 1, PlanMethod.ONCE, false, started, finished, 0,
                List.of(new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.VERIFIED, Optional.of(started), Optional.of(finished),
                        finished, Optional.empty(), 0))), new AuditEntry<>(Optional.empty(), RolloutState.SUCCEEDED, "olga", finished, "done"));
        // 10 000 reads+writes per window before the change, 20 % fewer after it, same mix
        for (Instant t = started.minus(Duration.ofMinutes(5)); t.isBefore(started); t = t.plusSeconds(30)) {
            window(t, 300_000);
        }
        for (Instant t = finished.plusSeconds(30); t.isBefore(now); t = t.plusSeconds(30)) {
            window(t, 240_000);
        }
        cycle.run(cluster);
        VerificationStore.ChangeVerification v = verifications.find(r.id()).orElseThrow();
        System.out.println("verification: " + v.detail());
        assertThat(v.verdict()).isEqualTo("WORSE");
        assertThat(v.throughputRatio().getAsDouble()).isCloseTo(0.8, org.assertj.core.data.Offset.offset(0.01));
        assertThat(v.realizedGain().getAsDouble()).isCloseTo(-0.2, org.assertj.core.data.Offset.offset(0.01));
        assertThat(v.missedPrediction()).contains(true);
        assertThat(rollouts.get(rollout).state()).isEqualTo(RolloutState.ROLLING_BACK);
        assertThat(decisions()).extracting(LoopDecision::outcome).contains(LoopDecision.Outcome.VERIFIED, LoopDecision.Outcome.ROLLED_BACK);
        cycle.run(cluster);   // verified once only
        assertThat(decisions().stream().filter(d -> d.outcome() == LoopDecision.Outcome.VERIFIED)).hasSize(1);
    }

    @Test
    void noNewProposalWhileARolledOutChangeWaitsForItsVerification() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Recommendation r = recommendations.propose(cluster, Map.of("concurrent_reads", "64"), dev.ctuner.common.catalog.Configuration.EMPTY,
                new GainEstimate(0.10, 0.05, 0.15), "test change", "tuning-loop");
        recommendations.approve(r.id(), "olga", "go");
        recommendations.move(r.id(), RecommendationState.ROLLING_OUT, "olga", "go");
        recommendations.move(r.id(), RecommendationState.VERIFIED, "rollout", "every node changed");
        Instant finished = now.minusSeconds(30);   // its after-windows (warm-up, then 5 minutes) are not in
        rolloutStore.insert(new Rollout(UUID.randomUUID(), r.id(), RolloutState.SUCCEEDED, 0, 1, PlanMethod.ONCE, false,
                finished.minusSeconds(60), finished, 0, List.of(new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.VERIFIED,
                Optional.of(finished.minusSeconds(60)), Optional.of(finished), finished, Optional.empty(), 0))),
                new AuditEntry<>(Optional.empty(), RolloutState.SUCCEEDED, "olga", finished, "done"));
        observe(20, TRAP);   // a mis-tuned workload the loop would otherwise act on

        cycle.run(cluster);
        cycle.run(cluster);

        assertThat(decisions()).hasSize(1);   // said once, not every period
        LoopDecision d = decisions().get(0);
        assertThat(d.outcome()).as(d.reason()).isEqualTo(LoopDecision.Outcome.HELD);
        assertThat(d.reason()).contains("waiting to verify recommendation " + r.id(), "no new change before it is measured");
        assertThat(recommendations.list(Optional.of(cluster), Optional.empty(), 10)).extracting(Recommendation::id).containsExactly(r.id());
        assertThat(verifications.find(r.id())).isEmpty();
    }

    private void window(Instant start, long operations) {
        for (String node : List.of("n1", "n2", "n3")) {
            observations.record(ObservationSamples.sample(cluster.value(), node, start, operations * 95 / 100, operations * 5 / 100,
                    2_000.0, 900.0, TRAP));
        }
    }

    @Test
    void aPausedLoopDecidesNothing() {
        observe(20, TRAP);
        loops.pause(cluster, "olga", "maintenance");
        cycle.run(cluster);
        assertThat(decisions()).isEmpty();
        loops.resume(cluster, "olga", "done");
        cycle.run(cluster);
        assertThat(decisions()).hasSize(1);
    }
}
