package dev.ctuner.advisor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.core.tuning.MaintenanceWindow;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The tuning loop's store against H2 (a file) and PostgreSQL, migrated by Flyway as in production. */
@ParameterizedClass
@EnumSource(StoreDatabase.class)
class TuningLoopStoreTest {

    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");
    private static final ClusterId PROD = new ClusterId("prod");

    @TempDir
    Path dir;
    private JdbcClient jdbc;
    private TuningLoopStore store;
    private final StoreDatabase database;

    TuningLoopStoreTest(StoreDatabase database) {
        this.database = database;
    }

    @BeforeEach
    void migrate() {
        store = open();
    }

    private TuningLoopStore open() {
        jdbc = JdbcClient.create(database.migrated(dir));
        return new TuningLoopStore(jdbc);
    }

    @Test
    void aLoopIsCreatedOnceAndItsPolicyAndPauseSurviveReopening() {
        TuningLoop created = store.ensure(PROD, ApprovalPolicy.manual(), T0);
        assertThat(store.ensure(PROD, ApprovalPolicy.manual(), T0.plusSeconds(5))).isEqualTo(created);
        ApprovalPolicy auto = new ApprovalPolicy(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE, ApplyMode.SCHEMA), 0.07, 0.01, false, 3,
                Optional.of(new MaintenanceWindow(Set.of(DayOfWeek.SUNDAY), LocalTime.of(1, 30), LocalTime.of(5, 0), ZoneId.of("Asia/Tokyo"))));
        TuningLoop paused = store.save(created, new TuningLoop(PROD, true, Optional.of("peak"), auto, T0, "alice", created.version()),
                "alice", T0.plusSeconds(60), "PAUSED", "peak");
        assertThat(paused.version()).isEqualTo(1);

        TuningLoop reopened = open().find(PROD).orElseThrow();
        assertThat(reopened.paused()).isTrue();
        assertThat(reopened.pausedReason()).contains("peak");
        assertThat(reopened.policy()).isEqualTo(auto);
        assertThat(reopened.updatedBy()).isEqualTo("alice");
        assertThat(store.auditTrail(PROD, 10)).extracting(TuningLoopStore.LoopAudit::action).containsExactly("PAUSED", "CREATED");
    }

    @Test
    void aStaleVersionIsRefusedAndLeavesNoAudit() {
        TuningLoop created = store.ensure(PROD, ApprovalPolicy.manual(), T0);
        store.save(created, new TuningLoop(PROD, true, Optional.of("a"), created.policy(), T0, "alice", 0), "alice", T0, "PAUSED", "a");
        assertThatThrownBy(() -> store.save(created, new TuningLoop(PROD, true, Optional.of("b"), created.policy(), T0, "bob", 0),
                "bob", T0, "PAUSED", "b")).isInstanceOf(ConcurrentUpdateException.class);
        assertThat(store.auditTrail(PROD, 10)).hasSize(2);
    }

    @Test
    void decisionsAreKeptNewestFirstAndCountedByOutcomeSinceATime() {
        store.ensure(PROD, ApprovalPolicy.manual(), T0);
        store.record(PROD, T0, LoopDecision.Outcome.HELD, "too little history: 3 of 10 windows", null, null);
        store.record(PROD, T0.plusSeconds(60), LoopDecision.Outcome.AUTO_APPROVED, "auto", null, "{\"x\":1}");
        LoopDecision last = store.record(PROD, T0.plusSeconds(120), LoopDecision.Outcome.HELD, "x".repeat(5000), null, null);
        assertThat(last.reason()).hasSize(4000).endsWith("...");
        assertThat(store.decisions(PROD, 10)).extracting(LoopDecision::outcome).containsExactly(
                LoopDecision.Outcome.HELD, LoopDecision.Outcome.AUTO_APPROVED, LoopDecision.Outcome.HELD);
        assertThat(store.decisions(PROD, 10).get(1).evidence()).contains("{\"x\":1}");
        assertThat(store.count(PROD, LoopDecision.Outcome.AUTO_APPROVED, T0)).isEqualTo(1);
        assertThat(store.count(PROD, LoopDecision.Outcome.AUTO_APPROVED, T0.plusSeconds(61))).isZero();
        assertThat(store.count(new ClusterId("other"), LoopDecision.Outcome.HELD, T0)).isZero();
    }

    @Test
    void restartTimesComeFromThisClustersVerifiedRestartSteps() {
        RecommendationStore recommendations = new RecommendationStore(jdbc);
        RolloutStore rollouts = new RolloutStore(jdbc);
        for (String cluster : List.of("prod", "other")) {
            Recommendation r = new Recommendation(UUID.randomUUID(), new ClusterId(cluster), RecommendationState.PROPOSED, Origin.ADVISOR,
                    Map.of("memtable_heap_space", "96MiB"), "x", ApplyMode.RESTART, Optional.empty(), T0, T0, 0);
            recommendations.insert(r, new AuditEntry<>(Optional.empty(), RecommendationState.PROPOSED, "advisor", T0, "x"));
            int seconds = cluster.equals("prod") ? 20 : 90;
            List<NodeStep> steps = List.of(
                    new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.VERIFIED, Optional.of(T0), Optional.of(T0.plusSeconds(seconds)),
                            T0, Optional.empty(), 0),
                    new NodeStep(new NodeId("n2"), 1, false, NodeStepStatus.PENDING, Optional.empty(), Optional.empty(), T0, Optional.empty(), 0));
            rollouts.insert(new Rollout(UUID.randomUUID(), r.id(), RolloutState.RUNNING, 0, 2, PlanMethod.EXACT, false, T0, T0, 0, steps),
                    new AuditEntry<>(Optional.empty(), RolloutState.RUNNING, "alice", T0, "go"));
        }
        assertThat(rollouts.restartStepDurations(PROD, 10)).containsExactly(Duration.ofSeconds(20));
        assertThat(rollouts.restartStepDurations(new ClusterId("nowhere"), 10)).isEmpty();
    }
}
