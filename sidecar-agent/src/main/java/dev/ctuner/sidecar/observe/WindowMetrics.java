package dev.ctuner.sidecar.observe;

import dev.ctuner.common.protocol.message.CacheHitRatios;
import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.Performance;
import dev.ctuner.common.protocol.message.SstablesPerRead;
import dev.ctuner.common.protocol.message.TableOperations;
import dev.ctuner.sidecar.observe.NodeSnapshot.CacheCounters;
import dev.ctuner.sidecar.observe.NodeSnapshot.TableCounters;
import dev.ctuner.sidecar.observe.NodeSnapshot.TableRef;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The workload and performance of one window, computed from the snapshots at its start and end.
 * Pure: no I/O, no clock.
 *
 * <p>Operation classes are disjoint so that shares add up to 1: {@code reads} are keyed reads
 * without the read an LWT performs, {@code writes} are mutations without batches (a batch to one
 * partition is one mutation; a batch spanning k partitions leaves k−1 in writes), {@code lwts} are
 * CAS reads and writes, {@code batches} are batch statements. Read ratio RR = (reads + range scans)
 * / all operations. Counts come from user tables only, so driver and system queries do not count.
 */
public record WindowMetrics(
        Instant start,
        Instant end,
        OperationCounts operations,
        Double readRatio,
        List<TableOperations> tables,
        Performance performance,
        List<String> unknown) {

    /**
     * The window between two snapshots, or empty when there is nothing to compare (no earlier
     * snapshot, or the operation counters of either are unknown).
     */
    public static Optional<WindowMetrics> between(NodeSnapshot before, NodeSnapshot after) {
        if (before == null || before.tables() == null || after.tables() == null || !after.at().isAfter(before.at())) {
            return Optional.empty();
        }
        List<String> unknown = new ArrayList<>();
        boolean restarted = !Objects.equals(before.nodeStartMillis(), after.nodeStartMillis());
        if (restarted) {
            unknown.add("operations: the node restarted in this window; counts cover only the time since");
        }
        long reads = 0;
        long writes = 0;
        long scans = 0;
        List<TableOperations> tables = new ArrayList<>();
        boolean tableLwtsKnown = true;
        for (Map.Entry<TableRef, TableCounters> e : new TreeMap<>(after.tables()).entrySet()) {
            TableCounters now = e.getValue();
            TableCounters then = restarted ? null : before.tables().get(e.getKey());
            long r = delta(then == null ? 0 : then.reads(), now.reads());
            long w = delta(then == null ? 0 : then.writes(), now.writes());
            long s = delta(then == null ? 0 : then.scans(), now.scans());
            Long cas = now.casCommits() == null || (then != null && then.casCommits() == null) ? null
                    : delta(then == null ? 0 : then.casCommits(), now.casCommits());
            tableLwtsKnown &= cas != null;
            long lwt = cas == null ? 0 : cas;
            reads += r;
            writes += w;
            scans += s;
            long tableReads = Math.max(0, r - lwt);
            if (r + w + s > 0) {
                tables.add(new TableOperations(e.getKey().keyspace(), e.getKey().table(),
                        new OperationCounts(tableReads, w, s, lwt, 0),
                        ratio(tableReads + s, tableReads + w + s + lwt)));
            }
        }
        unknown.add("tables.batches: Cassandra counts batches per node, not per table");
        if (!tableLwtsKnown) {
            unknown.add("tables.lwts");
        }
        Long casDelta = sum(counterDelta(before.casReads(), after.casReads(), restarted),
                counterDelta(before.casWrites(), after.casWrites(), restarted));
        Long batchDelta = counterDelta(before.batches(), after.batches(), restarted);
        if (casDelta == null) {
            unknown.add("operations.lwts");
        }
        if (batchDelta == null) {
            unknown.add("operations.batches");
        }
        long lwts = casDelta == null ? 0 : casDelta;
        long batches = batchDelta == null ? 0 : batchDelta;
        OperationCounts ops = new OperationCounts(Math.max(0, reads - lwts), Math.max(0, writes - batches), scans, lwts, batches);
        long total = ops.reads() + ops.writes() + ops.rangeScans() + ops.lwts() + ops.batches();
        double seconds = Duration.between(before.at(), after.at()).toMillis() / 1000.0;
        Performance performance = performance(before, after, restarted, total / seconds, unknown);
        return Optional.of(new WindowMetrics(before.at(), after.at(), ops, ratio(ops.reads() + ops.rangeScans(), total),
                tables, performance, unknown));
    }

    private static Performance performance(NodeSnapshot before, NodeSnapshot after, boolean restarted, double throughput,
                                           List<String> unknown) {
        Map<String, Long> dropped = new TreeMap<>();
        if (after.dropped() == null) {
            unknown.add("droppedMessages");
        } else {
            after.dropped().forEach((verb, count) -> {
                Long d = counterDelta(before.dropped() == null ? null : before.dropped().get(verb), count, restarted);
                if (d != null && d > 0) {
                    dropped.put(verb, d);
                }
            });
        }
        CacheHitRatios caches = new CacheHitRatios(hitRatio(before, after, "keys", restarted),
                hitRatio(before, after, "rows", restarted), hitRatio(before, after, "chunks", restarted));
        return new Performance(throughput, orUnknown(after.coordinatorRead()), orUnknown(after.coordinatorWrite()),
                orUnknown(after.localRead()), orUnknown(after.localWrite()),
                after.threadPools() == null ? List.of() : after.threadPools(), after.pendingCompactions(),
                after.sstablesPerRead() == null ? SstablesPerRead.UNKNOWN : after.sstablesPerRead(),
                caches, dropped, counterDelta(before.gcMillis(), after.gcMillis(), restarted),
                counterDelta(before.gcCount(), after.gcCount(), restarted), after.heapUsed(), after.heapMax());
    }

    private static LatencyPercentiles orUnknown(LatencyPercentiles p) {
        return p == null ? LatencyPercentiles.UNKNOWN : p;
    }

    /** Hits over requests in the window; null when unknown or the cache had no requests. */
    static Double hitRatio(NodeSnapshot before, NodeSnapshot after, String cache, boolean restarted) {
        if (before.caches() == null || after.caches() == null) {
            return null;
        }
        CacheCounters now = after.caches().get(cache);
        CacheCounters then = restarted ? null : before.caches().get(cache);
        if (now == null) {
            return null;
        }
        long hits = delta(then == null ? 0 : then.hits(), now.hits());
        long requests = delta(then == null ? 0 : then.requests(), now.requests());
        return requests == 0 ? null : Math.min(1.0, (double) hits / requests);
    }

    /** A counter's growth; a counter that went down was reset, so its current value is the growth. */
    static long delta(long before, long after) {
        return after >= before ? after - before : after;
    }

    static Long counterDelta(Long before, Long after, boolean restarted) {
        if (after == null) {
            return null;
        }
        if (restarted) {
            return after;
        }
        return before == null ? null : delta(before, after);
    }

    private static Long sum(Long a, Long b) {
        return a == null || b == null ? null : a + b;
    }

    static Double ratio(long part, long total) {
        return total == 0 ? null : (double) part / total;
    }
}
