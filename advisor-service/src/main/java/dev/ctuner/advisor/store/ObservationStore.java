package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.core.observation.ClusterWindows;
import dev.ctuner.advisor.core.observation.NodeWindow;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Every workload sample the sidecars sent, de-duplicated by message id (delivery is at least
 * once), kept until the retention deletes it. The tuning loop reads a cluster's samples and its
 * per-window series here, also after an advisor restart.
 *
 * <pre>{@code
 * observations.record(envelope);                                        // false when stored before
 * observations.samples(cluster, Optional.empty(), from, to, 100);       // newest first
 * observations.series(cluster, from, to, Duration.ofSeconds(30));       // one point per 30 s step, oldest first
 * }</pre>
 */
@Repository
public class ObservationStore {

    /** Longest cluster id, node id and fingerprint the table holds. */
    static final int MAX_ID_LENGTH = 200;

    private final JdbcClient jdbc;
    private final MessageCodec codec = new MessageCodec();

    public ObservationStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Why the envelope cannot be stored (it does not carry a workload sample, or an identifier is
     * longer than the table holds), or empty. Such input belongs on the dead-letter topic: retrying it
     * would never succeed.
     */
    public static Optional<String> unstorable(Envelope envelope) {
        if (!(envelope.payload() instanceof WorkloadSample sample)) {
            return Optional.of("not a workload sample but " + envelope.type());
        }
        for (var field : List.of(Map.entry("clusterId", envelope.clusterId().value()), Map.entry("nodeId", envelope.nodeId().value()),
                Map.entry("configuration.fingerprint", sample.configuration().fingerprint()))) {
            if (field.getValue().length() > MAX_ID_LENGTH) {
                return Optional.of(field.getKey() + " is " + field.getValue().length() + " characters long; at most "
                        + MAX_ID_LENGTH + " are stored");
            }
        }
        return Optional.empty();
    }

    /**
     * Stores the sample an envelope carries; false when a sample with this message id is already stored.
     * Call it outside a transaction: on PostgreSQL the refused duplicate insert would abort the caller's.
     */
    public boolean record(Envelope envelope) {
        unstorable(envelope).ifPresent(reason -> {
            throw new IllegalArgumentException("cannot store message " + envelope.id() + ": " + reason);
        });
        WorkloadSample s = (WorkloadSample) envelope.payload();
        OperationCounts o = s.operations();
        try {
            jdbc.sql("""
                    insert into observation (message_id, cluster_id, node_id, window_start, window_end, reads, writes,
                        range_scans, lwts, batches, read_ratio, ops_per_second, p99_read_micros, p99_write_micros,
                        fingerprint, envelope)
                    values (:id, :cluster, :node, :start, :end, :reads, :writes, :scans, :lwts, :batches, :readRatio,
                        :ops, :p99r, :p99w, :fingerprint, :envelope)""")
                    .param("id", envelope.id().toString()).param("cluster", envelope.clusterId().value())
                    .param("node", envelope.nodeId().value())
                    .param("start", Times.bind(s.windowStart())).param("end", Times.bind(s.windowEnd()))
                    .param("reads", o.reads()).param("writes", o.writes()).param("scans", o.rangeScans())
                    .param("lwts", o.lwts()).param("batches", o.batches()).param("readRatio", s.readRatio())
                    .param("ops", s.performance().throughputOpsPerSecond())
                    .param("p99r", s.performance().coordinatorRead().p99())
                    .param("p99w", s.performance().coordinatorWrite().p99())
                    .param("fingerprint", s.configuration().fingerprint())
                    .param("envelope", new String(codec.encode(envelope), StandardCharsets.UTF_8))
                    .update();
            return true;
        } catch (DuplicateKeyException seenBefore) {
            return false;
        }
    }

    /**
     * The cluster's samples (of one node, when given) whose window ended in [from, to), newest
     * first, at most {@code limit}.
     */
    public List<Observation> samples(ClusterId cluster, Optional<NodeId> node, Instant from, Instant to, int limit) {
        return jdbc.sql("select envelope from observation where cluster_id = :cluster"
                        + (node.isPresent() ? " and node_id = :node" : "")
                        + " and window_end >= :from and window_end < :to order by window_end desc, node_id, message_id limit :limit")
                .param("cluster", cluster.value()).param("node", node.map(NodeId::value).orElse(null))
                .param("from", Times.bind(from)).param("to", Times.bind(to)).param("limit", limit)
                .query((rs, n) -> decode(rs.getString("envelope")))
                .list();
    }

    /** The structured part of the cluster's samples whose window ended in [from, to), oldest first. */
    public List<NodeWindow> windows(ClusterId cluster, Instant from, Instant to) {
        return jdbc.sql("""
                        select node_id, window_start, window_end, reads, writes, range_scans, lwts, batches, ops_per_second,
                            p99_read_micros, p99_write_micros, fingerprint
                        from observation where cluster_id = :cluster and window_end >= :from and window_end < :to
                        order by window_end, node_id""")
                .param("cluster", cluster.value()).param("from", Times.bind(from)).param("to", Times.bind(to))
                .query((rs, n) -> new NodeWindow(new NodeId(rs.getString("node_id")), Times.read(rs, "window_start"),
                        Times.read(rs, "window_end"), new OperationCounts(rs.getLong("reads"), rs.getLong("writes"),
                        rs.getLong("range_scans"), rs.getLong("lwts"), rs.getLong("batches")), nullableDouble(rs, "ops_per_second"),
                        nullableDouble(rs, "p99_read_micros"), nullableDouble(rs, "p99_write_micros"), rs.getString("fingerprint")))
                .list();
    }

    /**
     * The cluster's series: one point per step of {@code step} that starts in [from, to), see
     * {@link ClusterWindows#aggregate}; oldest first. Each step holds all its samples, also those whose
     * window ends after {@code to} (up to two steps later) while its middle lies in the step.
     */
    public List<ClusterWindow> series(ClusterId cluster, Instant from, Instant to, Duration step) {
        return ClusterWindows.aggregate(windows(cluster, from, to.plus(step).plus(step)), step).stream()
                .filter(w -> !w.start().isBefore(from) && w.start().isBefore(to))
                .toList();
    }

    /**
     * Each node's latest sample, for nodes whose latest window ended at most {@code maxAge} before the
     * cluster's newest one (a node that stopped reporting long ago is no longer compared), by node id.
     */
    public Map<NodeId, Observation> latestPerNode(ClusterId cluster, Duration maxAge) {
        Optional<Instant> newest = jdbc.sql("select max(window_end) as newest from observation where cluster_id = :cluster")
                .param("cluster", cluster.value()).query((rs, n) -> Optional.ofNullable(Times.read(rs, "newest")))
                .single();
        if (newest.isEmpty()) {
            return Map.of();
        }
        List<Observation> rows = jdbc.sql("""
                        select o.envelope from observation o
                        join (select node_id, max(window_end) as latest from observation
                              where cluster_id = :cluster and window_end >= :since group by node_id) l
                          on o.node_id = l.node_id and o.window_end = l.latest
                        where o.cluster_id = :cluster
                        order by o.node_id, o.message_id""")
                .param("cluster", cluster.value()).param("since", Times.bind(newest.get().minus(maxAge)))
                .query((rs, n) -> decode(rs.getString("envelope")))
                .list();
        Map<NodeId, Observation> latest = new LinkedHashMap<>();
        rows.forEach(o -> latest.putIfAbsent(o.nodeId(), o));
        return latest;
    }

    /** Whether any sample of the cluster is stored. */
    public boolean knows(ClusterId cluster) {
        return jdbc.sql("select exists (select 1 from observation where cluster_id = :cluster)")
                .param("cluster", cluster.value()).query(Boolean.class).single();
    }

    /** Deletes every sample whose window ended before {@code cutoff}; returns how many. */
    public int deleteEndedBefore(Instant cutoff) {
        return jdbc.sql("delete from observation where window_end < :cutoff").param("cutoff", Times.bind(cutoff)).update();
    }

    private Observation decode(String json) {
        DecodeResult result = codec.decode(json.getBytes(StandardCharsets.UTF_8));
        if (!(result instanceof DecodeResult.Decoded decoded) || !(decoded.envelope().payload() instanceof WorkloadSample s)) {
            throw new IllegalStateException("a stored observation no longer decodes: " + result);
        }
        Envelope e = decoded.envelope();
        return new Observation(e.id(), e.clusterId(), e.nodeId(), e.createdAt(), s);
    }

    private static Double nullableDouble(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }
}
