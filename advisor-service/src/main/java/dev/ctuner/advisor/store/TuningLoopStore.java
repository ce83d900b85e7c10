package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.core.tuning.MaintenanceWindow;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Each cluster's tuning loop (pause state, approval policy, who changed them) and its decisions.
 * Every change is a conditional update on the version read, written with its audit record.
 *
 * <pre>{@code
 * store.ensure(cluster, ApprovalPolicy.manual(), now);
 * store.save(loop, loop.withPaused(...), "alice", now, "PAUSED", "traffic peak");
 * store.record(cluster, now, Outcome.HELD, "predicted gain 2 % ± 6 %: below the 5 % threshold", null, evidenceJson);
 * }</pre>
 */
@Repository
public class TuningLoopStore {

    /** The actor of what the loop does by itself, in audit records. */
    public static final String LOOP_ACTOR = Actors.TUNING_LOOP;

    private final JdbcClient jdbc;

    public TuningLoopStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The cluster's loop, created running with {@code policy} if it has none yet. */
    @Transactional
    public TuningLoop ensure(ClusterId cluster, ApprovalPolicy policy, Instant at) {
        Optional<TuningLoop> found = find(cluster);
        if (found.isPresent()) {
            return found.get();
        }
        TuningLoop loop = new TuningLoop(cluster, false, Optional.empty(), policy, at, LOOP_ACTOR, 0);
        jdbc.sql("""
                insert into tuning_loop (cluster_id, paused, paused_reason, approval_mode, allowed_tiers, min_predicted_gain,
                    min_lower_bound, inside_data_region_only, max_changes_per_day, window_days, window_start, window_end,
                    window_zone, updated_at, updated_by, version)
                values (:cluster, false, null, :mode, :tiers, :gain, :lower, :inside, :perDay, :days, :start, :end, :zone,
                    :at, :by, 0)""")
                .param("cluster", cluster.value()).params(policyParams(policy))
                .param("at", Times.bind(at)).param("by", LOOP_ACTOR).update();
        audit(cluster, LOOP_ACTOR, at, "CREATED", "loop created, running, policy " + describe(policy));
        return loop;
    }

    public Optional<TuningLoop> find(ClusterId cluster) {
        return jdbc.sql("select * from tuning_loop where cluster_id = :cluster").param("cluster", cluster.value())
                .query((rs, n) -> loop(rs)).optional();
    }

    public List<TuningLoop> all() {
        return jdbc.sql("select * from tuning_loop order by cluster_id").query((rs, n) -> loop(rs)).list();
    }

    /**
     * Stores {@code after} in place of {@code before} with an audit record, or nothing if the loop
     * changed since {@code before} was read.
     */
    @Transactional
    public TuningLoop save(TuningLoop before, TuningLoop after, String actor, Instant at, String action, String detail) {
        int updated = jdbc.sql("""
                update tuning_loop set paused = :paused, paused_reason = :reason, approval_mode = :mode, allowed_tiers = :tiers,
                    min_predicted_gain = :gain, min_lower_bound = :lower, inside_data_region_only = :inside,
                    max_changes_per_day = :perDay, window_days = :days, window_start = :start, window_end = :end,
                    window_zone = :zone, updated_at = :at, updated_by = :by, version = :next
                where cluster_id = :cluster and version = :version""")
                .param("paused", after.paused()).param("reason", after.pausedReason().orElse(null))
                .params(policyParams(after.policy()))
                .param("at", Times.bind(at)).param("by", actor).param("next", before.version() + 1)
                .param("cluster", before.clusterId().value()).param("version", before.version()).update();
        if (updated != 1) {
            throw new ConcurrentUpdateException("tuning loop", before.clusterId().value(), before.version());
        }
        audit(before.clusterId(), actor, at, action, detail);
        return new TuningLoop(after.clusterId(), after.paused(), after.pausedReason(), after.policy(), at, actor, before.version() + 1);
    }

    /** Who paused, resumed or changed the policy, newest first. */
    public List<LoopAudit> auditTrail(ClusterId cluster, int limit) {
        return jdbc.sql("""
                select actor, occurred_at, action, detail from tuning_loop_audit where cluster_id = :cluster
                order by id desc limit :limit""")
                .param("cluster", cluster.value()).param("limit", limit)
                .query((rs, n) -> new LoopAudit(rs.getString("actor"), Times.read(rs, "occurred_at"), rs.getString("action"),
                        rs.getString("detail"))).list();
    }

    /** One entry of a loop's audit trail. */
    public record LoopAudit(String actor, Instant at, String action, String detail) {
    }

    /** Keeps one decision of the loop. */
    public LoopDecision record(ClusterId cluster, Instant at, LoopDecision.Outcome outcome, String reason,
                               UUID recommendation, String evidence) {
        return record(cluster, at, outcome, reason, recommendation, null, evidence);
    }

    /** Keeps one decision of the loop, with the workload it was made for. */
    public LoopDecision record(ClusterId cluster, Instant at, LoopDecision.Outcome outcome, String reason,
                               UUID recommendation, WorkloadVector workload, String evidence) {
        String bounded = reason.length() > 4000 ? reason.substring(0, 3997) + "..." : reason;
        jdbc.sql("""
                insert into tuning_decision (cluster_id, decided_at, outcome, reason, recommendation_id, workload_mix,
                    workload_rate, evidence)
                values (:cluster, :at, :outcome, :reason, :rec, :mix, :rate, :evidence)""")
                .param("cluster", cluster.value()).param("at", Times.bind(at)).param("outcome", outcome.name())
                .param("reason", bounded).param("rec", recommendation == null ? null : recommendation.toString())
                .param("mix", workload == null ? null : Arrays.stream(workload.mix()).mapToObj(Double::toString)
                        .collect(Collectors.joining(",")))
                .param("rate", workload == null ? null : workload.rate())
                .param("evidence", evidence).update();
        return decisions(cluster, 1).get(0);
    }

    /** The loop's decisions, newest first. */
    public List<LoopDecision> decisions(ClusterId cluster, int limit) {
        return jdbc.sql("select * from tuning_decision where cluster_id = :cluster order by id desc limit :limit")
                .param("cluster", cluster.value()).param("limit", limit).query((rs, n) -> decision(rs)).list();
    }

    /** The latest decision with this outcome about this recommendation. */
    public Optional<LoopDecision> latest(UUID recommendation, LoopDecision.Outcome outcome) {
        return jdbc.sql("""
                select * from tuning_decision where recommendation_id = :rec and outcome = :outcome order by id desc limit 1""")
                .param("rec", recommendation.toString()).param("outcome", outcome.name()).query((rs, n) -> decision(rs)).optional();
    }

    /** Decisions with this outcome since {@code since} (e.g. automatic approvals in the last 24 hours). */
    public int count(ClusterId cluster, LoopDecision.Outcome outcome, Instant since) {
        return jdbc.sql("""
                select count(*) from tuning_decision where cluster_id = :cluster and outcome = :outcome and decided_at >= :since""")
                .param("cluster", cluster.value()).param("outcome", outcome.name()).param("since", Times.bind(since))
                .query(Integer.class).single();
    }

    private static java.util.Map<String, Object> policyParams(ApprovalPolicy p) {
        java.util.Map<String, Object> m = new java.util.HashMap<>();
        m.put("mode", p.mode().name());
        m.put("tiers", p.allowedTiers().stream().sorted().map(Enum::name).collect(Collectors.joining(",")));
        m.put("gain", p.minPredictedGain());
        m.put("lower", p.minLowerBound());
        m.put("inside", p.insideDataRegionOnly());
        m.put("perDay", p.maxChangesPerDay());
        m.put("days", p.window().map(w -> w.days().stream().sorted().map(Enum::name).collect(Collectors.joining(","))).orElse(null));
        m.put("start", p.window().map(w -> w.start().toString()).orElse(null));
        m.put("end", p.window().map(w -> w.end().toString()).orElse(null));
        m.put("zone", p.window().map(w -> w.zone().getId()).orElse(null));
        return m;
    }

    private static TuningLoop loop(ResultSet rs) throws SQLException {
        Set<ApplyMode> tiers = Arrays.stream(rs.getString("allowed_tiers").split(",")).map(ApplyMode::valueOf)
                .collect(Collectors.toSet());
        Optional<MaintenanceWindow> window = Optional.ofNullable(rs.getString("window_days")).map(days -> {
            try {
                return new MaintenanceWindow(Arrays.stream(days.split(",")).map(DayOfWeek::valueOf).collect(Collectors.toSet()),
                        LocalTime.parse(rs.getString("window_start")), LocalTime.parse(rs.getString("window_end")),
                        ZoneId.of(rs.getString("window_zone")));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        ApprovalPolicy policy = new ApprovalPolicy(ApprovalMode.valueOf(rs.getString("approval_mode")), tiers,
                rs.getDouble("min_predicted_gain"), rs.getDouble("min_lower_bound"), rs.getBoolean("inside_data_region_only"),
                rs.getInt("max_changes_per_day"), window);
        return new TuningLoop(new ClusterId(rs.getString("cluster_id")), rs.getBoolean("paused"),
                Optional.ofNullable(rs.getString("paused_reason")), policy, Times.read(rs, "updated_at"),
                rs.getString("updated_by"), rs.getLong("version"));
    }

    private static LoopDecision decision(ResultSet rs) throws SQLException {
        double rate = rs.getDouble("workload_rate");
        return new LoopDecision(rs.getLong("id"), new ClusterId(rs.getString("cluster_id")), Times.read(rs, "decided_at"),
                LoopDecision.Outcome.valueOf(rs.getString("outcome")), rs.getString("reason"),
                Optional.ofNullable(rs.getString("recommendation_id")).map(UUID::fromString),
                Optional.ofNullable(rs.getString("workload_mix")).map(mix -> new WorkloadVector(
                        Arrays.stream(mix.split(",")).mapToDouble(Double::parseDouble).toArray(), rate)),
                Optional.ofNullable(rs.getString("evidence")));
    }

    private void audit(ClusterId cluster, String actor, Instant at, String action, String detail) {
        jdbc.sql("""
                insert into tuning_loop_audit (cluster_id, actor, occurred_at, action, detail)
                values (:cluster, :actor, :at, :action, :detail)""")
                .param("cluster", cluster.value()).param("actor", actor).param("at", Times.bind(at)).param("action", action)
                .param("detail", detail.length() > 4000 ? detail.substring(0, 3997) + "..." : detail).update();
    }

    /** The policy in one line, for audit records. */
    public static String describe(ApprovalPolicy p) {
        if (p.mode() == ApprovalMode.MANUAL) {
            return "manual";
        }
        return "auto: tiers " + p.allowedTiers().stream().sorted().toList() + ", gain ≥ " + p.minPredictedGain()
                + ", lower bound ≥ " + p.minLowerBound() + (p.insideDataRegionOnly() ? ", inside the data region only" : "")
                + ", at most " + p.maxChangesPerDay() + " a day" + p.window().map(w -> ", window " + w).orElse("");
    }
}
