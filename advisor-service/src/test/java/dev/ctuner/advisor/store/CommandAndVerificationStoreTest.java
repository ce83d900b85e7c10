package dev.ctuner.advisor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.RejectionCode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The commands a rollout sent, the results the sidecars reported and the verification of each
 * change, against H2 and PostgreSQL migrated by Flyway: every statement of these stores runs here.
 */
@ParameterizedClass
@EnumSource(StoreDatabase.class)
class CommandAndVerificationStoreTest {

    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");
    private static final ClusterId PROD = new ClusterId("prod");

    @TempDir
    Path dir;
    private final StoreDatabase database;
    private RecommendationStore recommendations;
    private RolloutStore rollouts;
    private CommandResultStore results;
    private VerificationStore verifications;

    CommandAndVerificationStoreTest(StoreDatabase database) {
        this.database = database;
    }

    @BeforeEach
    void migrate() {
        JdbcClient jdbc = JdbcClient.create(database.migrated(dir));
        recommendations = new RecommendationStore(jdbc);
        rollouts = new RolloutStore(jdbc);
        results = new CommandResultStore(jdbc);
        verifications = new VerificationStore(jdbc);
    }

    private Recommendation recommendation(Instant at) {
        Recommendation r = new Recommendation(UUID.randomUUID(), PROD, RecommendationState.PROPOSED, Origin.ADVISOR,
                Map.of("concurrent_reads", "64"), "x", ApplyMode.LIVE, Optional.empty(), at, at, 0);
        recommendations.insert(r, new AuditEntry<>(Optional.empty(), RecommendationState.PROPOSED, "advisor", at, "x"));
        return r;
    }

    private Rollout rollout(Instant at, RolloutState state) {
        Rollout r = new Rollout(UUID.randomUUID(), recommendation(at).id(), state, 0, 1, PlanMethod.EXACT, true, at, at, 0,
                List.of(new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.PENDING, Optional.empty(), Optional.empty(), at,
                        Optional.empty(), 0)));
        rollouts.insert(r, new AuditEntry<>(Optional.empty(), state, "alice", at, "go"));
        return r;
    }

    private ReportedResult result(UUID command, CommandStatus status, Optional<RejectionCode> code, Instant at) {
        return new ReportedResult(UUID.randomUUID(), command, PROD, new NodeId("n1"), status, CommandPhase.SYNCED,
                Optional.of("reason of " + status), code, Map.of("DRAINED", "1200", "SYNCED", "300"),
                Map.of("concurrent_reads", "32", "a&b=c", "x y"), at);
    }

    @Test
    void resultsAreStoredOnceAndTheFinalNonBusyOneCounts() {
        UUID command = UUID.randomUUID();
        ReportedResult busy = result(command, CommandStatus.REJECTED, Optional.of(RejectionCode.BUSY), T0);
        ReportedResult done = result(command, CommandStatus.DONE, Optional.empty(), T0.plusSeconds(5));
        ReportedResult replay = result(command, CommandStatus.IN_PROGRESS, Optional.empty(), T0.plusSeconds(9));
        assertThat(results.record(busy)).isTrue();
        assertThat(results.record(busy)).as("redelivered").isFalse();
        assertThat(results.record(done)).isTrue();
        assertThat(results.record(replay)).isTrue();

        assertThat(results.forCommand(command)).containsExactly(busy, done, replay);
        assertThat(results.latest(command)).contains(done);
        assertThat(results.forCommand(command).get(0).previousValues()).containsEntry("a&b=c", "x y");
        assertThat(results.latest(UUID.randomUUID())).isEmpty();
    }

    @Test
    void aStepKeepsTheCommandItWasSentAndItsRollbackUntilCleared() {
        Rollout r = rollout(T0, RolloutState.RUNNING);
        NodeStep pending = r.steps().get(0);
        SentCommand command = new SentCommand(UUID.randomUUID(), "{\"type\":\"ApplyConfig\",\"n\":\"" + "é".repeat(3000) + "\"}");
        rollouts.recordCommand(r.id(), pending, NodeStepStatus.TABLE.move(NodeStepStatus.PENDING, NodeStepStatus.APPLYING,
                "orchestrator", T0.plusSeconds(1), "sent"), command);
        NodeStep applying = rollouts.find(r.id()).orElseThrow().steps().get(0);
        assertThat(applying.command()).contains(command);
        assertThat(applying.rollback()).isEmpty();
        assertThat(applying.version()).isEqualTo(1);

        SentCommand undo = new SentCommand(UUID.randomUUID(), "{\"type\":\"RollbackConfig\"}");
        rollouts.recordRollback(r.id(), applying, undo, T0.plusSeconds(2), "m".repeat(2500));
        NodeStep rollingBack = rollouts.find(r.id()).orElseThrow().steps().get(0);
        assertThat(rollingBack.rollback()).contains(undo);
        assertThat(rollingBack.message()).get().asString().hasSize(2000).endsWith("...");
        assertThatThrownBy(() -> rollouts.recordRollback(r.id(), applying, undo, T0.plusSeconds(3), "stale"))
                .isInstanceOf(ConcurrentUpdateException.class);

        rollouts.clearRollback(r.id(), rollingBack, T0.plusSeconds(4), "rollback failed: node down");
        NodeStep cleared = rollouts.find(r.id()).orElseThrow().steps().get(0);
        assertThat(cleared.rollback()).isEmpty();
        assertThat(cleared.command()).contains(command);
        assertThat(cleared.updatedAt()).isEqualTo(T0.plusSeconds(4));
        assertThat(cleared.version()).isEqualTo(3);
    }

    @Test
    void rolloutsAreFoundByStateAndCreationTimeOldestFirst() {
        Rollout first = rollout(T0, RolloutState.RUNNING);
        Rollout paused = rollout(T0.plusSeconds(10), RolloutState.PAUSED);
        Rollout second = rollout(T0.plusSeconds(20), RolloutState.RUNNING);
        assertThat(rollouts.inState(RolloutState.RUNNING)).containsExactly(first.id(), second.id());
        assertThat(rollouts.inStates(List.of(RolloutState.PAUSED, RolloutState.RUNNING)))
                .containsExactly(first.id(), paused.id(), second.id());
        assertThat(rollouts.createdAfter(T0)).containsExactly(paused.id(), second.id());
        rollouts.setCurrentRound(second.id(), 1);
        assertThat(rollouts.find(second.id()).orElseThrow().currentRound()).isEqualTo(1);
    }

    @Test
    void verificationsKeepEmptyRatiosAndCountMissedPredictions() {
        Recommendation better = recommendation(T0);
        Recommendation missed = recommendation(T0);
        Recommendation tooFew = recommendation(T0);
        VerificationStore.ChangeVerification v1 = new VerificationStore.ChangeVerification(better.id(), PROD, "BETTER",
                OptionalDouble.of(1.08), OptionalDouble.of(0.95), OptionalDouble.of(0.001), OptionalDouble.of(0.04),
                OptionalDouble.of(0.07), OptionalDouble.of(0.08), Optional.of(false), 10, 10, T0.plusSeconds(60), "ok");
        VerificationStore.ChangeVerification v2 = new VerificationStore.ChangeVerification(missed.id(), PROD, "NO_SIGNIFICANT_DIFFERENCE",
                OptionalDouble.of(1.0), OptionalDouble.of(1.0), OptionalDouble.of(0.6), OptionalDouble.of(0.7),
                OptionalDouble.of(0.2), OptionalDouble.of(0.0), Optional.of(true), 10, 10, T0.plusSeconds(120), "missed");
        VerificationStore.ChangeVerification v3 = new VerificationStore.ChangeVerification(tooFew.id(), PROD, "TOO_FEW_WINDOWS",
                OptionalDouble.empty(), OptionalDouble.of(Double.NaN), OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty(), Optional.empty(), 1, 0, T0.plusSeconds(180), "d".repeat(5000));
        verifications.insert(v1);
        verifications.insert(v2);
        verifications.insert(v3);

        assertThat(verifications.find(better.id())).contains(v1);
        VerificationStore.ChangeVerification read = verifications.find(tooFew.id()).orElseThrow();
        assertThat(read.p99Ratio()).as("NaN is kept as no value").isEmpty();
        assertThat(read.missedPrediction()).isEmpty();
        assertThat(read.detail()).hasSize(4000);
        assertThat(verifications.forCluster(PROD, 2)).extracting(VerificationStore.ChangeVerification::recommendationId)
                .containsExactly(tooFew.id(), missed.id());
        assertThat(verifications.predictionHealth(PROD)).containsExactly(2, 1);
        assertThat(verifications.predictionHealth(new ClusterId("other"))).containsExactly(0, 0);
    }
}
