package dev.ctuner.advisor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.lifecycle.Transition;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The audit log over the three audit tables, against H2 and PostgreSQL migrated by Flyway, to catch
 * SQL only one of the two databases accepts or orders differently.
 */
@ParameterizedClass
@EnumSource(StoreDatabase.class)
class AuditLogStoreTest {

    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");
    private static final ClusterId PROD = new ClusterId("prod");
    private static final ClusterId STAGING = new ClusterId("staging");

    @TempDir
    Path dir;
    private AuditLogStore log;
    private RecommendationStore recommendations;
    private RolloutStore rollouts;
    private TuningLoopStore loops;
    private final StoreDatabase database;

    AuditLogStoreTest(StoreDatabase database) {
        this.database = database;
    }

    private void open() {
        JdbcClient jdbc = JdbcClient.create(database.migrated(dir));
        log = new AuditLogStore(jdbc);
        recommendations = new RecommendationStore(jdbc);
        rollouts = new RolloutStore(jdbc);
        loops = new TuningLoopStore(jdbc);
    }

    /**
     * prod: the loop created (T0), a recommendation proposed by the loop (T0+10), vetted (T0+20), approved by alice
     * (T0+30), its rollout started by alice (T0+40) and paused by bob (T0+50, "look at p99 first"), bob pauses the loop
     * (T0+60); staging: the loop created (T0+5). Returns the recommendation and the rollout.
     */
    private UUID[] history() {
        loops.ensure(PROD, ApprovalPolicy.manual(), T0);
        loops.ensure(STAGING, ApprovalPolicy.manual(), T0.plusSeconds(5));
        Recommendation r = new Recommendation(UUID.randomUUID(), PROD, RecommendationState.PROPOSED, Origin.ADVISOR,
                Map.of("concurrent_reads", "64"), "reads grew", ApplyMode.LIVE, Optional.empty(), T0.plusSeconds(10),
                T0.plusSeconds(10), 0);
        recommendations.insert(r, new AuditEntry<>(Optional.empty(), RecommendationState.PROPOSED, Actors.TUNING_LOOP,
                T0.plusSeconds(10), "read share grew to 80 %"));
        Recommendation vetted = recommendations.move(r, new Transition<>(RecommendationState.PROPOSED, RecommendationState.VETTED,
                Actors.VETTING, T0.plusSeconds(20), "gain +8 % clears the gate"));
        Recommendation approved = recommendations.move(vetted, new Transition<>(RecommendationState.VETTED,
                RecommendationState.APPROVED, "alice", T0.plusSeconds(30), "fits the window"));
        Rollout ro = new Rollout(UUID.randomUUID(), approved.id(), RolloutState.RUNNING, 0, 1, PlanMethod.EXACT, false,
                T0.plusSeconds(40), T0.plusSeconds(40), 0, List.of(new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.PENDING,
                Optional.empty(), Optional.empty(), T0.plusSeconds(40), Optional.empty(), 0)));
        rollouts.insert(ro, new AuditEntry<>(Optional.empty(), RolloutState.RUNNING, "alice", T0.plusSeconds(40), "go"));
        rollouts.move(ro, new Transition<>(RolloutState.RUNNING, RolloutState.PAUSED, "bob", T0.plusSeconds(50), "look at p99 first"));
        TuningLoop loop = loops.find(PROD).orElseThrow();
        loops.save(loop, new TuningLoop(PROD, true, Optional.of("peak"), loop.policy(), T0, "bob", loop.version()), "bob",
                T0.plusSeconds(60), "PAUSED", "traffic peak");
        return new UUID[] {r.id(), ro.id()};
    }

    @Test
    void everyAuditTableIsOneLogNewestFirstWithItsObjectsAndWhetherAPersonActed() {
        open();
        UUID[] ids = history();
        List<AuditRecord> all = log.find(AuditQuery.newest(50)).records();
        assertThat(all).extracting(AuditRecord::action)
                .containsExactly("PAUSED", "PAUSED", "RUNNING", "APPROVED", "VETTED", "PROPOSED", "CREATED", "CREATED");
        assertThat(all).extracting(AuditRecord::kind).containsExactly(AuditRecord.Kind.TUNING_LOOP, AuditRecord.Kind.ROLLOUT,
                AuditRecord.Kind.ROLLOUT, AuditRecord.Kind.RECOMMENDATION, AuditRecord.Kind.RECOMMENDATION,
                AuditRecord.Kind.RECOMMENDATION, AuditRecord.Kind.TUNING_LOOP, AuditRecord.Kind.TUNING_LOOP);
        AuditRecord pausedRollout = all.get(1);
        assertThat(pausedRollout.objectId()).isEqualTo(ids[1].toString());
        assertThat(pausedRollout.recommendationId()).contains(ids[0]);
        assertThat(pausedRollout.clusterId()).isEqualTo(PROD);
        assertThat(pausedRollout.from()).contains("RUNNING");
        assertThat(pausedRollout.detail()).isEqualTo("look at p99 first");
        assertThat(pausedRollout.at()).isEqualTo(T0.plusSeconds(50));
        assertThat(pausedRollout.automatic()).isFalse();
        assertThat(all.get(5).from()).isEmpty();   // created
        assertThat(all.get(5).automatic()).isTrue();
        assertThat(all.get(6).clusterId()).isEqualTo(STAGING);
        assertThat(all.get(6).objectId()).isEqualTo("staging");
        assertThat(all.get(6).recommendationId()).isEmpty();
        assertThat(log.actors(10)).containsExactly("alice", "bob", "tuning-loop", "vetting");
    }

    @Test
    void filtersCombine() {
        open();
        history();
        assertThat(actions(AuditQuery.newest(50).withCluster(STAGING))).containsExactly("CREATED");
        assertThat(actions(AuditQuery.newest(50).withActor("bob"))).containsExactly("PAUSED", "PAUSED");
        assertThat(actions(AuditQuery.newest(50).withActor("bob").withKinds(Set.of(AuditRecord.Kind.TUNING_LOOP))))
                .containsExactly("PAUSED");
        assertThat(actions(AuditQuery.newest(50).withKinds(Set.of(AuditRecord.Kind.RECOMMENDATION, AuditRecord.Kind.ROLLOUT))))
                .containsExactly("PAUSED", "RUNNING", "APPROVED", "VETTED", "PROPOSED");
        assertThat(actions(AuditQuery.newest(50).withBy(AuditQuery.By.AUTOMATIC)))
                .containsExactly("VETTED", "PROPOSED", "CREATED", "CREATED");
        assertThat(actions(AuditQuery.newest(50).withBy(AuditQuery.By.PEOPLE))).containsExactly("PAUSED", "PAUSED", "RUNNING", "APPROVED");
        // free text: case-insensitive, in the reason, the action, the actor or the object id; LIKE's wildcards are literal
        assertThat(actions(AuditQuery.newest(50).withText("P99"))).containsExactly("PAUSED");
        assertThat(actions(AuditQuery.newest(50).withText("80 %"))).containsExactly("PROPOSED");
        assertThat(actions(AuditQuery.newest(50).withText("8_ %"))).isEmpty();
        assertThat(actions(AuditQuery.newest(50).withText("approved"))).containsExactly("APPROVED");
        assertThat(actions(AuditQuery.newest(50).withText("stag"))).containsExactly("CREATED");
        // [from, to)
        assertThat(actions(AuditQuery.newest(50).withRange(Optional.of(T0.plusSeconds(20)), Optional.of(T0.plusSeconds(50)))))
                .containsExactly("RUNNING", "APPROVED", "VETTED");
        assertThat(actions(AuditQuery.newest(50).withCluster(PROD).withActor("nobody"))).isEmpty();
    }

    @Test
    void pagesFollowEachOtherWithoutGapOrRepeatEvenAtTheSameInstantAndWhileNewRecordsArrive() {
        open();
        history();
        // three more records at one instant, one of each kind, to exercise the order within an instant
        Instant same = T0.plusSeconds(70);
        TuningLoop loop = loops.find(PROD).orElseThrow();
        loops.save(loop, new TuningLoop(PROD, false, Optional.empty(), loop.policy(), same, "carol", loop.version()), "carol", same,
                "RESUMED", "peak over");
        Recommendation other = new Recommendation(UUID.randomUUID(), PROD, RecommendationState.VETTED, Origin.OPERATOR,
                Map.of("concurrent_writes", "64"), "n", ApplyMode.LIVE, Optional.empty(), same, same, 0);
        recommendations.insert(other, new AuditEntry<>(Optional.empty(), RecommendationState.VETTED, "carol", same, "more writes"));
        List<AuditRecord> expected = log.find(AuditQuery.newest(100)).records();
        assertThat(expected).hasSize(10);

        List<AuditRecord> paged = new ArrayList<>();
        AuditQuery q = AuditQuery.newest(3);
        AuditLogStore.Page page = log.find(q);
        paged.addAll(page.records());
        // a record written after the first page was read does not shift the next pages
        loops.save(loops.find(PROD).orElseThrow(), new TuningLoop(PROD, true, Optional.of("again"), loop.policy(), same, "dave", 2),
                "dave", T0.plusSeconds(90), "PAUSED", "again");
        while (page.next().isPresent()) {
            AuditQuery.Cursor next = AuditQuery.Cursor.parse(page.next().get().token());   // as a link carries it
            page = log.find(q.withBefore(next));
            paged.addAll(page.records());
        }
        assertThat(paged).isEqualTo(expected);
        assertThat(expected.subList(0, 2)).extracting(AuditRecord::kind)
                .containsExactly(AuditRecord.Kind.TUNING_LOOP, AuditRecord.Kind.RECOMMENDATION);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1772352000.000000000-x-1", "12-1-1", "1772352000.5-1-1", "1772352000.000000000-9-1", ""})
    void aMalformedPagePositionIsRefusedWithWhatItIs(String token) {
        assertThatThrownBy(() -> AuditQuery.Cursor.parse(token)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a page position of the audit log");
    }

    private List<String> actions(AuditQuery q) {
        return log.find(q).records().stream().map(AuditRecord::action).toList();
    }
}
