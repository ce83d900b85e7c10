package dev.ctuner.advisor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.annotation.AnnotationTransactionAttributeSource;
import org.springframework.transaction.interceptor.TransactionInterceptor;

/** The stores against H2 (a file in a temporary directory) and PostgreSQL, migrated by Flyway as in production. */
@ParameterizedClass
@EnumSource(StoreDatabase.class)
class StoreTest {

    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");
    private static final Instant T1 = Instant.parse("2026-03-01T09:30:00Z");

    @TempDir
    Path dir;
    private final StoreDatabase database;
    private DataSource dataSource;
    private RecommendationStore recommendations;
    private RolloutStore rollouts;

    @BeforeEach
    void migrate() {
        dataSource = database.migrated(dir);
        JdbcClient jdbc = JdbcClient.create(dataSource);
        recommendations = new RecommendationStore(jdbc);
        rollouts = new RolloutStore(jdbc);
    }

    StoreTest(StoreDatabase database) {
        this.database = database;
    }

    private Recommendation stored(String cluster, Instant at) {
        Recommendation r = new Recommendation(UUID.randomUUID(), new ClusterId(cluster), RecommendationState.PROPOSED,
                Origin.ADVISOR, Map.of("concurrent_reads", "64", "compaction_throughput", "128MiB/s"), "from search",
                ApplyMode.LIVE, Optional.of(new GainEstimate(0.08, 0.03, 0.13)), at, at, 0);
        recommendations.insert(r, new AuditEntry<>(Optional.empty(), RecommendationState.PROPOSED, "advisor", at, "proposed"));
        return r;
    }

    @Test
    void aRecommendationRoundTripsWithItsSettingsGainAndAudit() {
        Recommendation r = stored("prod", T0);
        Recommendation vetted = recommendations.move(r, RecommendationState.TABLE.move(r.state(),
                RecommendationState.VETTED, "vetting", T1, "all gates passed"));

        Recommendation read = recommendations.find(r.id()).orElseThrow();
        assertThat(read).isEqualTo(vetted);
        assertThat(read.version()).isEqualTo(1);
        assertThat(read.settings()).containsEntry("compaction_throughput", "128MiB/s");
        assertThat(read.gain()).contains(new GainEstimate(0.08, 0.03, 0.13));
        assertThat(recommendations.auditTrail(r.id())).containsExactly(
                new AuditEntry<>(Optional.empty(), RecommendationState.PROPOSED, "advisor", T0, "proposed"),
                new AuditEntry<>(Optional.of(RecommendationState.PROPOSED), RecommendationState.VETTED, "vetting", T1,
                        "all gates passed"));
    }

    @Test
    void aStaleVersionIsRefusedAndLeavesNoAudit() {
        Recommendation r = stored("prod", T0);
        recommendations.move(r, RecommendationState.TABLE.move(r.state(), RecommendationState.VETTED, "vetting", T1, "ok"));
        assertThatThrownBy(() -> recommendations.move(r, RecommendationState.TABLE.move(r.state(),
                RecommendationState.REJECTED, "bob", T1, "no")))
                .isInstanceOf(ConcurrentUpdateException.class).hasMessageContaining("expected version 0");
        assertThat(recommendations.auditTrail(r.id())).hasSize(2);
        assertThat(recommendations.find(r.id()).orElseThrow().state()).isEqualTo(RecommendationState.VETTED);
    }

    @Test
    void listFiltersByClusterAndStateNewestFirst() {
        Recommendation older = stored("prod", T0);
        Recommendation newer = stored("prod", T1);
        stored("staging", T1);
        assertThat(recommendations.list(Optional.of(new ClusterId("prod")), Optional.empty(), 10))
                .extracting(Recommendation::id).containsExactly(newer.id(), older.id());
        assertThat(recommendations.list(Optional.empty(), Optional.of(RecommendationState.VETTED), 10)).isEmpty();
        assertThat(recommendations.list(Optional.empty(), Optional.empty(), 2)).hasSize(2);
        assertThat(recommendations.find(UUID.randomUUID())).isEmpty();
    }

    @Test
    void aRolloutKeepsItsStateRoundAndNodeStepsWithTimestamps() {
        Recommendation r = stored("prod", T0);
        UUID id = UUID.randomUUID();
        List<NodeStep> steps = List.of(
                new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.PENDING, Optional.empty(), Optional.empty(), T0, Optional.empty(), 0),
                new NodeStep(new NodeId("n2"), 1, false, NodeStepStatus.PENDING, Optional.empty(), Optional.empty(), T0, Optional.empty(), 0));
        Rollout rollout = new Rollout(id, r.id(), RolloutState.RUNNING, 0, 2, PlanMethod.EXACT, false, T0, T0, 0, steps);
        rollouts.insert(rollout, new AuditEntry<>(Optional.empty(), RolloutState.RUNNING, "alice", T0, "go"));
        assertThat(rollouts.find(id)).contains(rollout);
        assertThat(rollouts.forRecommendation(r.id())).containsExactly(id);

        NodeStep canary = steps.get(0);
        rollouts.moveStep(id, canary, NodeStepStatus.TABLE.move(canary.status(), NodeStepStatus.APPLYING, "orchestrator", T1, "draining"));
        NodeStep applying = rollouts.find(id).orElseThrow().steps().get(0);
        assertThat(applying.status()).isEqualTo(NodeStepStatus.APPLYING);
        assertThat(applying.startedAt()).contains(T1);
        assertThat(applying.finishedAt()).isEmpty();
        assertThat(applying.message()).contains("draining");
        assertThatThrownBy(() -> rollouts.moveStep(id, canary, NodeStepStatus.TABLE.move(canary.status(),
                NodeStepStatus.SKIPPED, "x", T1, "stale"))).isInstanceOf(ConcurrentUpdateException.class);

        Rollout paused = rollouts.move(rollout, RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.PAUSED, "alice", T1, "peak"));
        assertThat(rollouts.find(id).orElseThrow().state()).isEqualTo(RolloutState.PAUSED);
        assertThat(paused.version()).isEqualTo(1);
        assertThat(rollouts.auditTrail(id)).extracting(AuditEntry::to).containsExactly(RolloutState.RUNNING, RolloutState.PAUSED);
    }

    @Test
    void aRolloutMoveWhoseAuditRecordFailsLeavesTheStateAsItWas() {
        Recommendation r = stored("prod", T0);
        RolloutStore store = transactional(rollouts);
        UUID id = UUID.randomUUID();
        Rollout rollout = new Rollout(id, r.id(), RolloutState.RUNNING, 0, 1, PlanMethod.EXACT, false, T0, T0, 0, List.of(
                new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.PENDING, Optional.empty(), Optional.empty(), T0, Optional.empty(), 0)));
        store.insert(rollout, new AuditEntry<>(Optional.empty(), RolloutState.RUNNING, "alice", T0, "go"));
        String tooLongForTheAudit = "a".repeat(201);     // actor is varchar(200): the state update succeeds, the audit insert fails

        assertThatThrownBy(() -> store.move(rollout, RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.SUCCEEDED,
                tooLongForTheAudit, T1, "done"))).isInstanceOf(DataAccessException.class);

        Rollout read = store.find(id).orElseThrow();
        assertThat(read.state()).isEqualTo(RolloutState.RUNNING);
        assertThat(read.version()).isZero();
        assertThat(store.auditTrail(id)).extracting(AuditEntry::to).containsExactly(RolloutState.RUNNING);
    }

    @Test
    void aRecommendationMoveWhoseAuditRecordFailsLeavesTheStateAsItWas() {
        Recommendation r = stored("prod", T0);
        RecommendationStore store = transactional(recommendations);

        assertThatThrownBy(() -> store.move(r, RecommendationState.TABLE.move(r.state(), RecommendationState.VETTED,
                "a".repeat(201), T1, "all gates passed"))).isInstanceOf(DataAccessException.class);

        assertThat(store.find(r.id()).orElseThrow().state()).isEqualTo(RecommendationState.PROPOSED);
        assertThat(store.auditTrail(r.id())).hasSize(1);
    }

    /** The store as the application context wires it: its {@code @Transactional} methods run in transactions. */
    @SuppressWarnings("unchecked")
    private <T> T transactional(T store) {
        ProxyFactory proxy = new ProxyFactory(store);
        proxy.setProxyTargetClass(true);
        proxy.addAdvice(new TransactionInterceptor(new DataSourceTransactionManager(dataSource),
                new AnnotationTransactionAttributeSource()));
        return (T) proxy.getProxy();
    }

    @Test
    void theDatabaseSurvivesReopening() {
        Recommendation r = stored("prod", T0);
        // a second Flyway run on the same database, through new connections, finds the schema current and the data still there
        DataSource reopened = database.dataSource(dir);
        Flyway.configure().dataSource(reopened).locations("classpath:db/migration").load().migrate();
        assertThat(new RecommendationStore(JdbcClient.create(reopened)).find(r.id())).isPresent();
    }
}
