package dev.ctuner.advisor.ui;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.ModelAssessment;
import dev.ctuner.advisor.learning.TrainingAttempt;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.recommendation.Submission;
import dev.ctuner.advisor.ring.ReportedClusters;
import dev.ctuner.advisor.store.AuditEntry;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.ObservationSamples;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.RecommendationStore;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.VerificationStore;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.test.context.TestComponent;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * What the UI tests need in the advisor: a cluster its sidecars report (heartbeats in the registry,
 * stored workload samples with a drifted knob), an operator's recommendation, a started rollout.
 */
@TestComponent
class UiFixtures {

    /** How the UI tests start a rollout over REST: the ring comes from the sidecars' reports. */
    static final String START = "{\"canaryFirst\":true,\"comment\":\"go\"}";

    private static final AtomicInteger CLUSTERS = new AtomicInteger();

    private final ClusterRegistry registry;
    private final ObservationStore observations;
    private final RecommendationService recommendations;
    private final Clock clock;
    private final RecommendationStore recommendationStore;
    private final VerificationStore verifications;
    private final RolloutStore rolloutStore;
    private final LearningService learning;

    UiFixtures(ClusterRegistry registry, ObservationStore observations, RecommendationService recommendations, Clock clock,
               RecommendationStore recommendationStore, VerificationStore verifications, RolloutStore rolloutStore,
               LearningService learning) {
        this.learning = learning;
        this.rolloutStore = rolloutStore;
        this.recommendationStore = recommendationStore;
        this.verifications = verifications;
        this.registry = registry;
        this.observations = observations;
        this.recommendations = recommendations;
        this.clock = clock;
    }

    /**
     * A cluster of three nodes, UP_NORMAL, with 40 minutes of 30 s samples whose read share grows;
     * n2 runs concurrent_reads 64 where the others run 32.
     */
    String clusterWithDrift(String prefix) {
        String cluster = prefix + CLUSTERS.incrementAndGet();
        Instant now = clock.instant();
        for (String node : new String[] {"n1", "n2", "n3"}) {
            registry.status(new ClusterId(cluster), new NodeId(node), now,
                    new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "schema-1", "0.1.0", 3600L, true, 0, 0, 0));
            for (int i = 80; i >= 1; i--) {
                Instant start = now.minusSeconds(30L * i + 30);
                long reads = 3000 + 40L * (80 - i);
                long writes = 2000 - 10L * (80 - i);
                observations.record(ObservationSamples.sample(cluster, node, start, reads, writes, 900.0 + 5 * (i % 7),
                        350.0 + 3 * (i % 5), Map.of("concurrent_reads", node.equals("n2") ? "64" : "32")));
            }
        }
        return cluster;
    }

    /**
     * The three nodes of a {@link #clusterWithDrift} cluster send a fresh UP_NORMAL heartbeat: on a busy
     * machine a browser walk outlasts the 30 s after which the pages mark a heartbeat stale.
     */
    void heartbeat(String cluster) {
        for (String node : new String[] {"n1", "n2", "n3"}) {
            registry.status(new ClusterId(cluster), new NodeId(node), clock.instant(),
                    new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "schema-1", "0.1.0", 3600L, true, 0, 0, 0));
        }
    }

    /** An operator's LIVE change, VETTED. */
    Recommendation submitted(String cluster) {
        return recommendations.submit(new Submission(new ClusterId(cluster), Map.of("concurrent_reads", "64"),
                "more read threads", Set.of()), "olga");
    }

    /**
     * Starts a rollout of an APPROVED recommendation through the REST API, after its cluster's nodes
     * reported their topology (keyspace shop, RF 3); returns its id.
     */
    String startRollout(MockMvc mvc, UUID recommendation, String password) throws Exception {
        reportRing(recommendations.get(recommendation).clusterId().value(), Map.of("shop", 3));
        String body = mvc.perform(post("/api/v1/recommendations/" + recommendation + "/rollouts")
                        .with(httpBasic("olga", password)).contentType(MediaType.APPLICATION_JSON).content(START))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        return JsonPath.read(body, "$.id");
    }

    /**
     * A cluster of three nodes (4 vnodes each, dc1, racks r1 and r2) whose sidecars report their
     * topology, so that its ring assembles; keyspaces given as name → RF in dc1, held to LOCAL_QUORUM.
     */
    String clusterWithRing(String prefix, Map<String, Integer> keyspaces) {
        String cluster = prefix + CLUSTERS.incrementAndGet();
        reportRing(cluster, keyspaces);
        return cluster;
    }

    /** The three nodes of {@code cluster} report their topology too (4 vnodes each, racks r1 and r2): its ring assembles. */
    void reportRing(String cluster, Map<String, Integer> keyspaces) {
        ReportedClusters.report(registry, new ClusterId(cluster), ReportedClusters.nodes(3, 4, 2),
                keyspaces.entrySet().stream().map(e -> ReportedClusters.nts(e.getKey(), e.getValue())).toList());
    }

    /** A recommendation stored as it is, without vetting: for states and origins the services reach only through the loop. */
    Recommendation stored(String cluster, Origin origin, RecommendationState state, ApplyMode tier, Map<String, String> settings,
                          Optional<GainEstimate> gain) {
        Instant now = clock.instant();
        Recommendation r = new Recommendation(UUID.randomUUID(), new ClusterId(cluster), state, origin, settings, "from the fixture",
                tier, gain, now, now, 0);
        recommendationStore.insert(r, new AuditEntry<>(Optional.empty(), state, "fixture", now, "stored " + state));
        return r;
    }

    /**
     * A rollout of {@code r} stored as it is, created {@code agoSeconds} ago, in a state the orchestrator
     * does not drive (not RUNNING): two rounds of n1 (canary) then n2 and n3, the steps as that state leaves them.
     */
    Rollout storedRollout(Recommendation r, RolloutState state, long agoSeconds) {
        Instant at = clock.instant().minusSeconds(agoSeconds);
        NodeStepStatus done = switch (state) {
            case SUCCEEDED -> NodeStepStatus.VERIFIED;
            case ROLLED_BACK -> NodeStepStatus.ROLLED_BACK;
            case FAILED, ABORTED -> NodeStepStatus.SKIPPED;
            default -> NodeStepStatus.PENDING;
        };
        List<NodeStep> steps = List.of(
                new NodeStep(new NodeId("n1"), 0, true, state == RolloutState.FAILED ? NodeStepStatus.FAILED : done,
                        Optional.of(at.plusSeconds(1)), Optional.of(at.plusSeconds(20)), at.plusSeconds(20), Optional.of("canary"), 2),
                new NodeStep(new NodeId("n2"), 1, false, done, Optional.empty(), Optional.empty(), at, Optional.empty(), 0),
                new NodeStep(new NodeId("n3"), 1, false, done, Optional.empty(), Optional.empty(), at, Optional.empty(), 0));
        Rollout ro = new Rollout(UUID.randomUUID(), r.id(), state, state == RolloutState.PAUSED ? 0 : 1, 2, PlanMethod.EXACT, false,
                at, at.plusSeconds(60), 0, steps);
        rolloutStore.insert(ro, new AuditEntry<>(Optional.empty(), state, "fixture", at, "stored " + state));
        return ro;
    }

    /** Waits for the start-up training run and the model's diagnostics (seconds to a minute on a busy machine). */
    void awaitModel() throws InterruptedException {
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (learning.current().map(m -> m.assessment().status() == ModelAssessment.Status.COMPUTING).orElse(true)) {
            assertThat(learning.lastAttempt().map(a -> a.outcome() != TrainingAttempt.Outcome.FAILED).orElse(true))
                    .as("start-up training on docs/data/training.csv succeeds").isTrue();
            assertThat(System.nanoTime()).as("model and diagnostics within 300 s").isLessThan(deadline);
            Thread.sleep(500);
        }
    }

    /** A verification of {@code r}: BETTER by 6 % throughput where 8 % was predicted, or WORSE with a missed prediction. */
    void verified(Recommendation r, boolean better) {
        verifications.insert(new VerificationStore.ChangeVerification(r.id(), r.clusterId(), better ? "BETTER" : "WORSE",
                OptionalDouble.of(better ? 1.06 : 0.81), OptionalDouble.of(better ? 0.93 : 1.22), OptionalDouble.of(better ? 0.004 : 0.001),
                OptionalDouble.of(better ? 0.02 : 0.003), OptionalDouble.of(0.08), OptionalDouble.of(better ? 0.06 : -0.19),
                Optional.of(!better), 10, 10, clock.instant(), better ? "throughput up" : "20 % slower, rolled back"));
    }
}
