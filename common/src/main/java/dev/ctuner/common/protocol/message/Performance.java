package dev.ctuner.common.protocol.message;

import java.util.List;
import java.util.Map;

/**
 * How the node performed during the window. Groups are always present; every scalar is null
 * when the node could not provide it.
 *
 * @param throughputOpsPerSecond completed client operations per second
 * @param coordinatorRead latency of reads coordinated by this node, in microseconds
 * @param coordinatorWrite latency of writes coordinated by this node, in microseconds
 * @param localRead latency of local replica reads, in microseconds
 * @param localWrite latency of local replica writes, in microseconds
 * @param threadPools Cassandra thread pools; pools the node did not report are absent
 * @param pendingCompactions compactions waiting to run
 * @param sstablesPerRead SSTables consulted per read
 * @param cacheHitRatios key, row and chunk cache hit ratios
 * @param droppedMessages messages dropped in the window, by verb (e.g. MUTATION); sorted by verb
 * @param gcPauseMillisTotal total GC pause time in the window
 * @param gcPauseCount number of GC pauses in the window
 * @param heapUsedBytes heap in use at the end of the window
 * @param heapMaxBytes maximum heap size
 */
public record Performance(
        Double throughputOpsPerSecond,
        LatencyPercentiles coordinatorRead,
        LatencyPercentiles coordinatorWrite,
        LatencyPercentiles localRead,
        LatencyPercentiles localWrite,
        List<ThreadPoolStats> threadPools,
        Long pendingCompactions,
        SstablesPerRead sstablesPerRead,
        CacheHitRatios cacheHitRatios,
        Map<String, Long> droppedMessages,
        Long gcPauseMillisTotal,
        Long gcPauseCount,
        Long heapUsedBytes,
        Long heapMaxBytes) {

    public Performance {
        Checks.nullableFiniteNonNegative(throughputOpsPerSecond, "throughputOpsPerSecond");
        Checks.required(coordinatorRead, "coordinatorRead");
        Checks.required(coordinatorWrite, "coordinatorWrite");
        Checks.required(localRead, "localRead");
        Checks.required(localWrite, "localWrite");
        threadPools = Checks.list(threadPools, "threadPools");
        Checks.nullableNonNegative(pendingCompactions, "pendingCompactions");
        Checks.required(sstablesPerRead, "sstablesPerRead");
        Checks.required(cacheHitRatios, "cacheHitRatios");
        droppedMessages = Checks.sortedCounts(droppedMessages, "droppedMessages");
        Checks.nullableNonNegative(gcPauseMillisTotal, "gcPauseMillisTotal");
        Checks.nullableNonNegative(gcPauseCount, "gcPauseCount");
        Checks.nullableNonNegative(heapUsedBytes, "heapUsedBytes");
        Checks.nullableNonNegative(heapMaxBytes, "heapMaxBytes");
    }

    /** A performance section in which nothing is known, e.g. when the node is unreachable. */
    public static Performance unknown() {
        return new Performance(null, LatencyPercentiles.UNKNOWN, LatencyPercentiles.UNKNOWN,
                LatencyPercentiles.UNKNOWN, LatencyPercentiles.UNKNOWN, List.of(), null,
                SstablesPerRead.UNKNOWN, CacheHitRatios.UNKNOWN, Map.of(), null, null, null, null);
    }
}
