package dev.ctuner.sidecar.observe;

import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.SstablesPerRead;
import dev.ctuner.common.protocol.message.ThreadPoolStats;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the node reported at one instant: cumulative counters (deltas of two snapshots make a
 * window) and instantaneous gauges. A null field is a value the node could not give.
 *
 * @param nodeStartMillis the Cassandra JVM's start time; a change means the node restarted and counters reset
 * @param tables          cumulative per-table coordinator counters of user tables; null when unreachable
 */
public record NodeSnapshot(
        Instant at,
        Long nodeStartMillis,
        Map<TableRef, TableCounters> tables,
        Long casReads,
        Long casWrites,
        Long batches,
        LatencyPercentiles coordinatorRead,
        LatencyPercentiles coordinatorWrite,
        LatencyPercentiles localRead,
        LatencyPercentiles localWrite,
        List<ThreadPoolStats> threadPools,
        Long pendingCompactions,
        SstablesPerRead sstablesPerRead,
        Map<String, CacheCounters> caches,
        Map<String, Long> dropped,
        Long gcCount,
        Long gcMillis,
        Long heapUsed,
        Long heapMax) {

    /** A user table. */
    public record TableRef(String keyspace, String table) implements Comparable<TableRef> {
        @Override
        public int compareTo(TableRef o) {
            int k = keyspace.compareTo(o.keyspace);
            return k != 0 ? k : table.compareTo(o.table);
        }

        @Override
        public String toString() {
            return keyspace + "." + table;
        }
    }

    /**
     * Cumulative coordinator counts of one table (system_views.coordinator_*_latency) and its
     * LWT commits (null when unknown). An LWT also counts one coordinator read.
     */
    public record TableCounters(long reads, long writes, long scans, Long casCommits) {
    }

    /** Cumulative hits and requests of one cache (system_views.caches). */
    public record CacheCounters(long hits, long requests) {
    }
}
