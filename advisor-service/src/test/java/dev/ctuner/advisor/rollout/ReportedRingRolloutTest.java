package dev.ctuner.advisor.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.recommendation.Submission;
import dev.ctuner.advisor.ring.ReportedClusters;
import dev.ctuner.advisor.ring.RingRefusedException;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Rollouts started on the ring the sidecars report, per cost tier, and refused when the reports do not give one. */
@SpringBootTest
class ReportedRingRolloutTest {

    private static final RolloutOptions CANARY_FIRST = new RolloutOptions(true, Optional.empty(), false);

    @Autowired RolloutService rollouts;
    @Autowired RecommendationService recommendations;
    @Autowired ClusterRegistry registry;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("reported-ring-rollout-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("ctuner.advisor.vetting.node-facts.heap-mib", () -> "512");
        registry.add("spring.datasource.url", () -> "jdbc:h2:file:" + dir.resolve("advisor").toAbsolutePath());
        registry.add("ctuner.advisor.security.initial-admin-password-file", () -> dir.resolve("pw").toString());
        registry.add("ctuner.advisor.consistency.keyspaces.ledger", () -> "ALL");
    }

    private Recommendation approved(ClusterId cluster, Map<String, String> settings, List<String> tables) {
        Recommendation r = recommendations.submit(new Submission(cluster, settings, "test", Set.of(), tables), "olga");
        return recommendations.approve(r.id(), "olga", "ok");
    }

    @Test
    void aRestartOnA16VnodeRingGoesInTheRoundsOfTheReportedRing() {
        ClusterId cluster = new ClusterId("vnodes");
        ReportedClusters.report(registry, cluster, ReportedClusters.nodes(6, 16, 3), List.of(ReportedClusters.nts("shop", 3)));
        Rollout r = rollouts.start(approved(cluster, Map.of("memtable_heap_space", "96MiB"), List.of()).id(), CANARY_FIRST, "olga", "go");
        assertThat(r.steps()).hasSize(6);
        assertThat(r.steps().stream().filter(NodeStep::canary).toList()).hasSize(1);
        assertThat(r.aggressive()).isFalse();
        // with 16 vnodes per node the racks no longer line up range by range, so more than 3 rounds (one per rack) may be needed,
        // but never 6 (one node each) with RF 3 at LOCAL_QUORUM over 3 racks
        assertThat(r.totalRounds()).isBetween(3, 5);
    }

    @Test
    void aRestartWhereRfEqualsClIsRefusedUnlessAggressiveAndNothingChanges() {
        ClusterId cluster = new ClusterId("strict-restart");
        ReportedClusters.report(registry, cluster, ReportedClusters.nodes(3, 16), List.of(ReportedClusters.nts("ledger", 3)));
        Recommendation rec = approved(cluster, Map.of("memtable_heap_space", "80MiB"), List.of());
        assertThatThrownBy(() -> rollouts.start(rec.id(), CANARY_FIRST, "olga", "go"))
                .isInstanceOf(PlanRefusedException.class)
                .satisfies(e -> assertThat(((PlanRefusedException) e).reasons()).anySatisfy(r -> assertThat(r).contains("ledger")));
        assertThat(recommendations.get(rec.id()).state()).isEqualTo(RecommendationState.APPROVED);
        Rollout r = rollouts.start(rec.id(), new RolloutOptions(true, Optional.empty(), true), "olga", "go anyway");
        assertThat(r.aggressive()).isTrue();
    }

    @Test
    void liveAndSchemaChangesOnAOneNodeClusterNeedNoAggressiveFlag() {
        ClusterId cluster = new ClusterId("single");
        ReportedClusters.report(registry, cluster, ReportedClusters.nodes(1, 16), List.of(ReportedClusters.nts("shop", 1)));
        Rollout live = rollouts.start(approved(cluster, Map.of("concurrent_reads", "64"), List.of()).id(), CANARY_FIRST, "olga", "go");
        assertThat(live.method()).isEqualTo(PlanMethod.NODE_BY_NODE);
        assertThat(live.aggressive()).isFalse();
        assertThat(live.steps()).singleElement().satisfies(s -> assertThat(s.nodeId()).isEqualTo(new NodeId("n1")));
        Rollout schema = rollouts.start(approved(cluster, Map.of("compaction.class", "LeveledCompactionStrategy"),
                List.of("shop.orders")).id(), CANARY_FIRST, "olga", "go");
        assertThat(schema.method()).isEqualTo(PlanMethod.ONCE);
        assertThat(schema.aggressive()).isFalse();
    }

    @Test
    void aLiveChangeFollowsTheRingOrderWithTheNamedCanaryFirst() {
        ClusterId cluster = new ClusterId("live-order");
        ReportedClusters.report(registry, cluster, ReportedClusters.nodes(4, 16), List.of(ReportedClusters.nts("ledger", 3)));
        Rollout r = rollouts.start(approved(cluster, Map.of("concurrent_reads", "48"), List.of()).id(),
                new RolloutOptions(true, Optional.of(new NodeId("n3")), false), "olga", "go");
        assertThat(r.steps()).extracting(s -> s.nodeId().value()).containsExactly("n3", "n1", "n2", "n4");
        assertThat(r.steps().get(0).canary()).isTrue();
        assertThat(r.totalRounds()).isEqualTo(4);
    }

    @Test
    void aStaleOrMissingSidecarRefusesTheRolloutNamingTheNodeAndChangesNothing() {
        ClusterId cluster = new ClusterId("stale");
        List<ReportedClusters.Node> nodes = ReportedClusters.nodes(3, 16);
        ReportedClusters.report(registry, cluster, nodes, nodes.subList(0, 2), List.of(ReportedClusters.nts("shop", 3)), Instant.now());
        ReportedClusters.report(registry, cluster, nodes, nodes.subList(2, 3), List.of(ReportedClusters.nts("shop", 3)),
                Instant.now().minusSeconds(300));
        Recommendation rec = approved(cluster, Map.of("concurrent_reads", "40"), List.of());
        assertThatThrownBy(() -> rollouts.start(rec.id(), CANARY_FIRST, "olga", "go"))
                .isInstanceOf(RingRefusedException.class)
                .satisfies(e -> assertThat(((RingRefusedException) e).reasons())
                        .anySatisfy(r -> assertThat(r).contains("the sidecar of n3 last reported")));
        assertThat(recommendations.get(rec.id()).state()).isEqualTo(RecommendationState.APPROVED);
    }
}
