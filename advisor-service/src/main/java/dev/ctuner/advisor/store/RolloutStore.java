package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.lifecycle.Transition;
import dev.ctuner.advisor.core.safety.PlanMethod;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Rollouts, their audit trail and their per-node steps: the persisted state machine the rollout
 * orchestrator drives. Updates are conditional on the version read.
 *
 * <pre>{@code
 * rollouts.insert(rollout, created);
 * rollouts.moveStep(rolloutId, step, Transition..., "drained and restarted");
 * }</pre>
 */
@Repository
public class RolloutStore {

    private final JdbcClient jdbc;

    public RolloutStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores a new rollout, its steps and its first audit record, in one transaction. */
    @Transactional
    public void insert(Rollout r, AuditEntry<RolloutState> created) {
        jdbc.sql("""
                insert into rollout (id, recommendation_id, state, current_round, total_rounds, plan_method, aggressive,
                    created_at, updated_at, version)
                values (:id, :rec, :state, :round, :total, :method, :aggressive, :created, :updated, :version)""")
                .param("id", r.id().toString()).param("rec", r.recommendationId().toString())
                .param("state", r.state().name()).param("round", r.currentRound()).param("total", r.totalRounds())
                .param("method", r.method().name()).param("aggressive", r.aggressive())
                .param("created", Times.bind(r.createdAt())).param("updated", Times.bind(r.updatedAt()))
                .param("version", r.version())
                .update();
        for (NodeStep s : r.steps()) {
            jdbc.sql("""
                    insert into rollout_node_step (rollout_id, node_id, round_index, canary, status, started_at,
                        finished_at, updated_at, message, version)
                    values (:id, :node, :round, :canary, :status, :started, :finished, :updated, :message, :version)""")
                    .param("id", r.id().toString()).param("node", s.nodeId().value()).param("round", s.round())
                    .param("canary", s.canary()).param("status", s.status().name())
                    .param("started", Times.bind(s.startedAt().orElse(null)))
                    .param("finished", Times.bind(s.finishedAt().orElse(null)))
                    .param("updated", Times.bind(s.updatedAt())).param("message", s.message().orElse(null))
                    .param("version", s.version())
                    .update();
        }
        audit(r.id(), created);
    }

    /**
     * Stores a move of the rollout's state with its audit record, in one transaction: nobody reads
     * the new state without the record of the move (the orchestrator moves rollouts outside any
     * service transaction).
     */
    @Transactional
    public Rollout move(Rollout before, Transition<RolloutState> t) {
        Rollout after = before.moved(t.to(), t.at());
        int updated = jdbc.sql("""
                update rollout set state = :state, updated_at = :at, version = :next
                where id = :id and version = :version and state = :from""")
                .param("state", t.to().name()).param("at", Times.bind(t.at())).param("next", after.version())
                .param("id", before.id().toString()).param("version", before.version()).param("from", t.from().name())
                .update();
        if (updated != 1) {
            throw new ConcurrentUpdateException("rollout", before.id(), before.version());
        }
        audit(before.id(), new AuditEntry<>(Optional.of(t.from()), t.to(), t.actor(), t.at(), t.reason()));
        return after;
    }

    /** Moves one node's step; APPLYING stamps the start, a final status the end. */
    public void moveStep(UUID rolloutId, NodeStep before, Transition<NodeStepStatus> t) {
        boolean starts = t.to() == NodeStepStatus.APPLYING;
        boolean ends = NodeStepStatus.TABLE.isFinal(t.to()) || t.to() == NodeStepStatus.VERIFIED
                || t.to() == NodeStepStatus.FAILED;
        Instant started = starts ? t.at() : before.startedAt().orElse(null);
        Instant finished = ends ? t.at() : before.finishedAt().orElse(null);
        int updated = jdbc.sql("""
                update rollout_node_step set status = :status, started_at = :started, finished_at = :finished,
                    updated_at = :at, message = :message, version = :next
                where rollout_id = :id and node_id = :node and version = :version and status = :from""")
                .param("status", t.to().name()).param("started", Times.bind(started))
                .param("finished", Times.bind(finished)).param("at", Times.bind(t.at())).param("message", fit(t.reason()))
                .param("next", before.version() + 1).param("id", rolloutId.toString())
                .param("node", before.nodeId().value()).param("version", before.version())
                .param("from", t.from().name())
                .update();
        if (updated != 1) {
            throw new ConcurrentUpdateException("node step " + before.nodeId() + " of rollout", rolloutId, before.version());
        }
    }

    /**
     * Moves a step PENDING -> APPLYING and records the command about to be sent, in one transaction
     * (the caller's), so a restarted advisor knows the node was (possibly) commanded and never
     * commands it with a new command.
     */
    @Transactional
    public void recordCommand(UUID rolloutId, NodeStep before, Transition<NodeStepStatus> t, SentCommand command) {
        moveStep(rolloutId, before, t);
        jdbc.sql("update rollout_node_step set command_id = :cmd, command_envelope = :env where rollout_id = :id and node_id = :node")
                .param("cmd", command.id().toString()).param("env", command.envelopeJson())
                .param("id", rolloutId.toString()).param("node", before.nodeId().value())
                .update();
    }

    /**
     * Records the command about to be sent to undo a step's change, before it is sent; the step's
     * status moves when its result arrives. {@code at} and {@code message} say when and why.
     */
    public void recordRollback(UUID rolloutId, NodeStep before, SentCommand command, Instant at, String message) {
        int updated = jdbc.sql("""
                update rollout_node_step set rollback_command_id = :cmd, rollback_envelope = :env, updated_at = :at,
                    message = :message, version = :next
                where rollout_id = :id and node_id = :node and version = :version""")
                .param("cmd", command.id().toString()).param("env", command.envelopeJson())
                .param("at", Times.bind(at)).param("message", fit(message))
                .param("next", before.version() + 1).param("id", rolloutId.toString())
                .param("node", before.nodeId().value()).param("version", before.version())
                .update();
        if (updated != 1) {
            throw new ConcurrentUpdateException("node step " + before.nodeId() + " of rollout", rolloutId, before.version());
        }
    }

    /**
     * Forgets a rollback command that failed, so that a new rollback request may send a new one;
     * {@code message} keeps what happened to it.
     */
    public void clearRollback(UUID rolloutId, NodeStep before, Instant at, String message) {
        int updated = jdbc.sql("""
                update rollout_node_step set rollback_command_id = null, rollback_envelope = null, updated_at = :at,
                    message = :message, version = :next
                where rollout_id = :id and node_id = :node and version = :version""")
                .param("at", Times.bind(at)).param("message", fit(message))
                .param("next", before.version() + 1).param("id", rolloutId.toString())
                .param("node", before.nodeId().value()).param("version", before.version())
                .update();
        if (updated != 1) {
            throw new ConcurrentUpdateException("node step " + before.nodeId() + " of rollout", rolloutId, before.version());
        }
    }

    /** Ids of rollouts in any of the given states, oldest first. */
    public List<UUID> inStates(List<RolloutState> states) {
        return jdbc.sql("select id from rollout where state in (:states) order by created_at")
                .param("states", states.stream().map(Enum::name).toList())
                .query((rs, n) -> UUID.fromString(rs.getString("id"))).list();
    }

    /** The rollout's current round, for display; the orchestrator derives it from the steps. */
    public void setCurrentRound(UUID rolloutId, int round) {
        jdbc.sql("update rollout set current_round = :round where id = :id")
                .param("round", round).param("id", rolloutId.toString()).update();
    }

    /** Ids of rollouts in a state, oldest first; the orchestrator resumes the RUNNING ones after a restart. */
    public List<UUID> inState(RolloutState state) {
        return jdbc.sql("select id from rollout where state = :state order by created_at")
                .param("state", state.name()).query((rs, n) -> UUID.fromString(rs.getString("id"))).list();
    }

    public Optional<Rollout> find(UUID id) {
        return jdbc.sql("select * from rollout where id = :id").param("id", id.toString())
                .query((rs, n) -> row(rs, List.of())).optional()
                .map(r -> new Rollout(r.id(), r.recommendationId(), r.state(), r.currentRound(), r.totalRounds(),
                        r.method(), r.aggressive(), r.createdAt(), r.updatedAt(), r.version(), steps(r.id())));
    }

    /** Ids of rollouts created after {@code at}, oldest first. */
    public List<UUID> createdAfter(Instant at) {
        return jdbc.sql("select id from rollout where created_at > :at order by created_at")
                .param("at", Times.bind(at)).query((rs, n) -> UUID.fromString(rs.getString("id"))).list();
    }

    /**
     * How long each node of the cluster's RESTART rollouts took, from its command to its verified
     * return (the T_r the tuning loop charges a restart with), newest first.
     */
    public List<java.time.Duration> restartStepDurations(dev.ctuner.common.protocol.ClusterId cluster, int limit) {
        return jdbc.sql("""
                select s.started_at, s.finished_at from rollout_node_step s
                join rollout r on r.id = s.rollout_id join recommendation rec on rec.id = r.recommendation_id
                where rec.cluster_id = :cluster and rec.cost_tier = 'RESTART' and s.status = 'VERIFIED'
                  and s.started_at is not null and s.finished_at is not null
                order by s.finished_at desc limit :limit""")
                .param("cluster", cluster.value()).param("limit", limit)
                .query((rs, n) -> java.time.Duration.between(Times.read(rs, "started_at"), Times.read(rs, "finished_at"))).list();
    }

    /** One row of the rollouts list: the rollout (without its steps), its recommendation's cluster, settings and cost tier. */
    public record Listed(Rollout rollout, ClusterId cluster, ApplyMode costTier) {
    }

    /** Rollouts newest first, optionally only one cluster and/or one state; without their steps. */
    public List<Listed> list(Optional<ClusterId> cluster, Optional<RolloutState> state, int limit) {
        StringBuilder sql = new StringBuilder("""
                select r.*, rec.cluster_id, rec.cost_tier from rollout r join recommendation rec on rec.id = r.recommendation_id
                where 1 = 1""");
        cluster.ifPresent(c -> sql.append(" and rec.cluster_id = :cluster"));
        state.ifPresent(s -> sql.append(" and r.state = :state"));
        sql.append(" order by r.created_at desc, r.id limit :limit");
        JdbcClient.StatementSpec statement = jdbc.sql(sql.toString()).param("limit", limit);
        if (cluster.isPresent()) {
            statement = statement.param("cluster", cluster.get().value());
        }
        if (state.isPresent()) {
            statement = statement.param("state", state.get().name());
        }
        return statement.query((rs, n) -> new Listed(row(rs, List.of()), new ClusterId(rs.getString("cluster_id")),
                ApplyMode.valueOf(rs.getString("cost_tier")))).list();
    }

    public List<UUID> forRecommendation(UUID recommendationId) {
        return jdbc.sql("select id from rollout where recommendation_id = :rec order by created_at")
                .param("rec", recommendationId.toString())
                .query((rs, n) -> UUID.fromString(rs.getString("id"))).list();
    }

    public List<AuditEntry<RolloutState>> auditTrail(UUID id) {
        return jdbc.sql("select from_state, to_state, actor, occurred_at, reason from rollout_audit where rollout_id = :id order by id")
                .param("id", id.toString())
                .query((rs, n) -> new AuditEntry<>(Optional.ofNullable(rs.getString("from_state")).map(RolloutState::valueOf),
                        RolloutState.valueOf(rs.getString("to_state")), rs.getString("actor"),
                        Times.read(rs, "occurred_at"), rs.getString("reason")))
                .list();
    }

    private List<NodeStep> steps(UUID rolloutId) {
        return jdbc.sql("select * from rollout_node_step where rollout_id = :id order by round_index, node_id")
                .param("id", rolloutId.toString())
                .query((rs, n) -> new NodeStep(new NodeId(rs.getString("node_id")), rs.getInt("round_index"),
                        rs.getBoolean("canary"), NodeStepStatus.valueOf(rs.getString("status")),
                        Times.readOptional(rs, "started_at"), Times.readOptional(rs, "finished_at"),
                        Times.read(rs, "updated_at"), Optional.ofNullable(rs.getString("message")), rs.getLong("version"),
                        sent(rs, "command_id", "command_envelope"), sent(rs, "rollback_command_id", "rollback_envelope")))
                .list();
    }

    private static Optional<SentCommand> sent(ResultSet rs, String idColumn, String envelopeColumn) throws SQLException {
        String id = rs.getString(idColumn);
        return id == null ? Optional.empty() : Optional.of(new SentCommand(UUID.fromString(id), rs.getString(envelopeColumn)));
    }

    /** A step's message as the column holds it (2000 characters). */
    private static String fit(String message) {
        return message == null || message.length() <= 2000 ? message : message.substring(0, 1997) + "...";
    }

    private void audit(UUID id, AuditEntry<RolloutState> entry) {
        jdbc.sql("""
                insert into rollout_audit (rollout_id, from_state, to_state, actor, occurred_at, reason)
                values (:id, :from, :to, :actor, :at, :reason)""")
                .param("id", id.toString()).param("from", entry.from().map(Enum::name).orElse(null))
                .param("to", entry.to().name()).param("actor", entry.actor()).param("at", Times.bind(entry.at()))
                .param("reason", entry.reason())
                .update();
    }

    private static Rollout row(ResultSet rs, List<NodeStep> steps) throws SQLException {
        return new Rollout(UUID.fromString(rs.getString("id")), UUID.fromString(rs.getString("recommendation_id")),
                RolloutState.valueOf(rs.getString("state")), rs.getInt("current_round"), rs.getInt("total_rounds"),
                PlanMethod.valueOf(rs.getString("plan_method")), rs.getBoolean("aggressive"),
                Times.read(rs, "created_at"), Times.read(rs, "updated_at"), rs.getLong("version"), steps);
    }
}
