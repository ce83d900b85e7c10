package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The measured effect of each rolled-out change: its before/after ratios and p-values, the realized
 * gain next to the predicted one, and whether the prediction missed by more than its own uncertainty.
 *
 * <pre>{@code
 * store.insert(new ChangeVerification(...));
 * store.find(recommendationId).map(ChangeVerification::verdict);   // Optional[BETTER]
 * }</pre>
 */
@Repository
public class VerificationStore {

    /** One verification, as stored; ratios and p-values are empty when there were too few windows. */
    public record ChangeVerification(UUID recommendationId, ClusterId clusterId, String verdict, OptionalDouble throughputRatio,
                                     OptionalDouble p99Ratio, OptionalDouble throughputP, OptionalDouble p99P,
                                     OptionalDouble predictedGain, OptionalDouble realizedGain, Optional<Boolean> missedPrediction,
                                     int windowsBefore, int windowsAfter, Instant verifiedAt, String detail) {
    }

    private final JdbcClient jdbc;

    public VerificationStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(ChangeVerification v) {
        jdbc.sql("""
                insert into change_verification (recommendation_id, cluster_id, verdict, throughput_ratio, p99_ratio, p_throughput,
                    p_p99, predicted_gain, realized_gain, missed_prediction, windows_before, windows_after, verified_at, detail)
                values (:rec, :cluster, :verdict, :tr, :lr, :tp, :lp, :predicted, :realized, :missed, :before, :after, :at, :detail)""")
                .param("rec", v.recommendationId().toString()).param("cluster", v.clusterId().value()).param("verdict", v.verdict())
                .param("tr", boxed(v.throughputRatio())).param("lr", boxed(v.p99Ratio())).param("tp", boxed(v.throughputP()))
                .param("lp", boxed(v.p99P())).param("predicted", boxed(v.predictedGain())).param("realized", boxed(v.realizedGain()))
                .param("missed", v.missedPrediction().orElse(null)).param("before", v.windowsBefore()).param("after", v.windowsAfter())
                .param("at", Times.bind(v.verifiedAt()))
                .param("detail", v.detail().length() > 4000 ? v.detail().substring(0, 3997) + "..." : v.detail()).update();
    }

    public Optional<ChangeVerification> find(UUID recommendationId) {
        return jdbc.sql("select * from change_verification where recommendation_id = :rec").param("rec", recommendationId.toString())
                .query((rs, n) -> row(rs)).optional();
    }

    /** The cluster's verifications, newest first. */
    public List<ChangeVerification> forCluster(ClusterId cluster, int limit) {
        return jdbc.sql("select * from change_verification where cluster_id = :cluster order by verified_at desc limit :limit")
                .param("cluster", cluster.value()).param("limit", limit).query((rs, n) -> row(rs)).list();
    }

    /** Verified predictions of the cluster and how many of them missed by more than their own uncertainty. */
    public int[] predictionHealth(ClusterId cluster) {
        return jdbc.sql("""
                select count(*) as verified, sum(case when missed_prediction then 1 else 0 end) as missed
                from change_verification where cluster_id = :cluster and missed_prediction is not null""")
                .param("cluster", cluster.value())
                .query((rs, n) -> new int[] {rs.getInt("verified"), rs.getInt("missed")}).single();
    }

    private static Double boxed(OptionalDouble d) {
        return d.isPresent() && Double.isFinite(d.getAsDouble()) ? d.getAsDouble() : null;
    }

    private static OptionalDouble optional(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    private static ChangeVerification row(ResultSet rs) throws SQLException {
        boolean missed = rs.getBoolean("missed_prediction");
        Optional<Boolean> missedOrNot = rs.wasNull() ? Optional.empty() : Optional.of(missed);
        return new ChangeVerification(UUID.fromString(rs.getString("recommendation_id")), new ClusterId(rs.getString("cluster_id")),
                rs.getString("verdict"), optional(rs, "throughput_ratio"), optional(rs, "p99_ratio"), optional(rs, "p_throughput"),
                optional(rs, "p_p99"), optional(rs, "predicted_gain"), optional(rs, "realized_gain"), missedOrNot,
                rs.getInt("windows_before"), rs.getInt("windows_after"), Times.read(rs, "verified_at"), rs.getString("detail"));
    }
}
