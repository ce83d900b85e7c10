package dev.ctuner.advisor.store;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Per-cluster counts for the advisor's metrics, each one grouped query (so a scrape-driven refresh
 * costs a handful of index scans whatever the number of clusters).
 *
 * <pre>{@code
 * counts.rollouts().get("prod").get("RUNNING");   // 1
 * }</pre>
 */
@Repository
public class FleetCounts {

    /** The latest verification of a cluster: its verdict and the predicted and realized relative gains. */
    public record LastVerification(String verdict, OptionalDouble predictedGain, OptionalDouble realizedGain) {
    }

    /** The latest decision of a cluster's loop. */
    public record LastDecision(String outcome, Instant at) {
    }

    private final JdbcClient jdbc;

    public FleetCounts(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Cluster → rollout state → rollouts in it. */
    public Map<String, Map<String, Integer>> rollouts() {
        return grouped("""
                select r.cluster_id as cluster_id, o.state as label, count(*) as n
                from rollout o join recommendation r on o.recommendation_id = r.id group by r.cluster_id, o.state""");
    }

    /** Cluster → recommendation state → recommendations in it. */
    public Map<String, Map<String, Integer>> recommendations() {
        return grouped("select cluster_id, state as label, count(*) as n from recommendation group by cluster_id, state");
    }

    /** Cluster → verdict → verifications with it. */
    public Map<String, Map<String, Integer>> verifications() {
        return grouped("select cluster_id, verdict as label, count(*) as n from change_verification group by cluster_id, verdict");
    }

    /** Cluster → {verified predictions, of which missed by more than their own uncertainty}. */
    public Map<String, int[]> predictionHealth() {
        Map<String, int[]> health = new HashMap<>();
        jdbc.sql("""
                select cluster_id, count(*) as verified, sum(case when missed_prediction then 1 else 0 end) as missed
                from change_verification where missed_prediction is not null group by cluster_id""")
                .query(rs -> {
                    health.put(rs.getString("cluster_id"), new int[] {rs.getInt("verified"), rs.getInt("missed")});
                });
        return health;
    }

    /** Cluster → its latest verification. */
    public Map<String, LastVerification> lastVerifications() {
        Map<String, LastVerification> last = new HashMap<>();
        jdbc.sql("""
                select v.cluster_id, v.verdict, v.predicted_gain, v.realized_gain from change_verification v
                where v.verified_at = (select max(w.verified_at) from change_verification w where w.cluster_id = v.cluster_id)""")
                .query(rs -> {
                    double predicted = rs.getDouble("predicted_gain");
                    OptionalDouble p = rs.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(predicted);
                    double realized = rs.getDouble("realized_gain");
                    OptionalDouble r = rs.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(realized);
                    last.put(rs.getString("cluster_id"), new LastVerification(rs.getString("verdict"), p, r));
                });
        return last;
    }

    /** Cluster → its loop's latest decision. */
    public Map<String, LastDecision> lastDecisions() {
        Map<String, LastDecision> last = new HashMap<>();
        jdbc.sql("""
                select d.cluster_id, d.outcome, d.decided_at from tuning_decision d
                where d.id = (select max(e.id) from tuning_decision e where e.cluster_id = d.cluster_id)""")
                .query(rs -> {
                    last.put(rs.getString("cluster_id"), new LastDecision(rs.getString("outcome"), Times.read(rs, "decided_at")));
                });
        return last;
    }

    private Map<String, Map<String, Integer>> grouped(String sql) {
        Map<String, Map<String, Integer>> counts = new HashMap<>();
        List<Object[]> rows = jdbc.sql(sql).query((rs, n) -> new Object[] {rs.getString("cluster_id"), rs.getString("label"), rs.getInt("n")})
                .list();
        for (Object[] row : rows) {
            counts.computeIfAbsent((String) row[0], c -> new HashMap<>()).put((String) row[1], (Integer) row[2]);
        }
        return counts;
    }
}
