package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.Transition;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Recommendations, their settings and their audit trail. Every state change is a conditional
 * update on the version read, written together with its audit record.
 *
 * <pre>{@code
 * store.insert(recommendation, creationAudit);
 * store.move(recommendation, transition);  // throws ConcurrentUpdateException when the version moved on
 * }</pre>
 */
@Repository
public class RecommendationStore {

    private final JdbcClient jdbc;

    public RecommendationStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores a new recommendation, its settings, tables and first audit record, in one transaction. */
    @Transactional
    public void insert(Recommendation r, AuditEntry<RecommendationState> created) {
        jdbc.sql("""
                insert into recommendation (id, cluster_id, state, origin, note, cost_tier, gain_expected, gain_lower,
                    gain_upper, created_at, updated_at, version)
                values (:id, :cluster, :state, :origin, :note, :tier, :expected, :lower, :upper, :created, :updated, :version)""")
                .param("id", r.id().toString()).param("cluster", r.clusterId().value()).param("state", r.state().name())
                .param("origin", r.origin().name()).param("note", r.note()).param("tier", r.costTier().name())
                .param("expected", r.gain().map(GainEstimate::expected).orElse(null))
                .param("lower", r.gain().map(GainEstimate::lower).orElse(null))
                .param("upper", r.gain().map(GainEstimate::upper).orElse(null))
                .param("created", Times.bind(r.createdAt())).param("updated", Times.bind(r.updatedAt()))
                .param("version", r.version())
                .update();
        r.settings().forEach((knob, value) -> jdbc.sql(
                        "insert into recommendation_setting (recommendation_id, knob, knob_value) values (:id, :knob, :value)")
                .param("id", r.id().toString()).param("knob", knob).param("value", value).update());
        for (int i = 0; i < r.tables().size(); i++) {
            jdbc.sql("insert into recommendation_table (recommendation_id, position, table_name) values (:id, :position, :name)")
                    .param("id", r.id().toString()).param("position", i).param("name", r.tables().get(i)).update();
        }
        audit(r.id(), created);
    }

    /**
     * Stores a move made on {@code before}: the new state and the audit record in one transaction,
     * or nothing if the version moved on.
     */
    @Transactional
    public Recommendation move(Recommendation before, Transition<RecommendationState> t) {
        Recommendation after = before.moved(t.to(), t.at());
        int updated = jdbc.sql("""
                update recommendation set state = :state, updated_at = :at, version = :next
                where id = :id and version = :version and state = :from""")
                .param("state", t.to().name()).param("at", Times.bind(t.at())).param("next", after.version())
                .param("id", before.id().toString()).param("version", before.version()).param("from", t.from().name())
                .update();
        if (updated != 1) {
            throw new ConcurrentUpdateException("recommendation", before.id(), before.version());
        }
        audit(before.id(), new AuditEntry<>(Optional.of(t.from()), t.to(), t.actor(), t.at(), t.reason()));
        return after;
    }

    public Optional<Recommendation> find(UUID id) {
        return jdbc.sql("select * from recommendation where id = :id").param("id", id.toString())
                .query((rs, n) -> row(rs)).optional().map(this::withSettings);
    }

    /** Newest first, optionally only one cluster and/or one state. */
    public List<Recommendation> list(Optional<ClusterId> cluster, Optional<RecommendationState> state, int limit) {
        StringBuilder sql = new StringBuilder("select * from recommendation where 1 = 1");
        cluster.ifPresent(c -> sql.append(" and cluster_id = :cluster"));
        state.ifPresent(s -> sql.append(" and state = :state"));
        sql.append(" order by created_at desc, id limit :limit");
        JdbcClient.StatementSpec statement = jdbc.sql(sql.toString()).param("limit", limit);
        if (cluster.isPresent()) {
            statement = statement.param("cluster", cluster.get().value());
        }
        if (state.isPresent()) {
            statement = statement.param("state", state.get().name());
        }
        return statement.query((rs, n) -> row(rs)).list().stream().map(this::withSettings).toList();
    }

    public List<AuditEntry<RecommendationState>> auditTrail(UUID id) {
        return jdbc.sql("""
                select from_state, to_state, actor, occurred_at, reason from recommendation_audit
                where recommendation_id = :id order by id""")
                .param("id", id.toString())
                .query((rs, n) -> new AuditEntry<>(
                        Optional.ofNullable(rs.getString("from_state")).map(RecommendationState::valueOf),
                        RecommendationState.valueOf(rs.getString("to_state")), rs.getString("actor"),
                        Times.read(rs, "occurred_at"), rs.getString("reason")))
                .list();
    }

    private void audit(UUID id, AuditEntry<RecommendationState> entry) {
        jdbc.sql("""
                insert into recommendation_audit (recommendation_id, from_state, to_state, actor, occurred_at, reason)
                values (:id, :from, :to, :actor, :at, :reason)""")
                .param("id", id.toString()).param("from", entry.from().map(Enum::name).orElse(null))
                .param("to", entry.to().name()).param("actor", entry.actor()).param("at", Times.bind(entry.at()))
                .param("reason", entry.reason())
                .update();
    }

    private Recommendation withSettings(Recommendation r) {
        Map<String, String> settings = new LinkedHashMap<>();
        jdbc.sql("select knob, knob_value from recommendation_setting where recommendation_id = :id order by knob")
                .param("id", r.id().toString())
                .query(rs -> {
                    settings.put(rs.getString("knob"), rs.getString("knob_value"));
                });
        List<String> tables = jdbc.sql("select table_name from recommendation_table where recommendation_id = :id order by position")
                .param("id", r.id().toString()).query(String.class).list();
        return new Recommendation(r.id(), r.clusterId(), r.state(), r.origin(), settings, r.note(), r.costTier(),
                r.gain(), r.createdAt(), r.updatedAt(), r.version(), tables);
    }

    private static Recommendation row(ResultSet rs) throws SQLException {
        double expected = rs.getDouble("gain_expected");
        Optional<GainEstimate> gain = rs.wasNull() ? Optional.empty()
                : Optional.of(new GainEstimate(expected, rs.getDouble("gain_lower"), rs.getDouble("gain_upper")));
        return new Recommendation(UUID.fromString(rs.getString("id")), new ClusterId(rs.getString("cluster_id")),
                RecommendationState.valueOf(rs.getString("state")), Origin.valueOf(rs.getString("origin")), Map.of(),
                rs.getString("note"), ApplyMode.valueOf(rs.getString("cost_tier")), gain,
                Times.read(rs, "created_at"), Times.read(rs, "updated_at"), rs.getLong("version"));
    }
}
