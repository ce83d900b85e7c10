package dev.ctuner.sidecar.act;

import dev.ctuner.sidecar.cassandra.CacheServicePort;
import dev.ctuner.sidecar.cassandra.IndexSummaryPort;
import dev.ctuner.sidecar.cassandra.StorageServicePort;
import java.util.Map;

/**
 * How each LIVE knob is set on a running node, through typed JMX ports (FACTS.md: runtime changes
 * in Cassandra 5.0.9). A unit test keeps this table and the catalog's LIVE knobs in step.
 */
final class LiveSetters {

    /** Sets one whole-number value (in the knob's catalog unit) on the node. */
    @FunctionalInterface
    interface Setter {
        void set(Ports ports, long value);
    }

    /** The MBeans a setter may use. */
    record Ports(StorageServicePort storage, CacheServicePort caches, IndexSummaryPort indexSummaries) {
    }

    static final Map<String, Setter> SETTERS = Map.ofEntries(
            Map.entry("compaction_throughput", (p, v) -> p.storage().setCompactionThroughputMbPerSec(Math.toIntExact(v))),
            Map.entry("concurrent_compactors", (p, v) -> p.storage().setConcurrentCompactors(Math.toIntExact(v))),
            // -1 leaves the core size alone; Cassandra rejects a core size of 0 (FACTS.md).
            Map.entry("concurrent_reads", (p, v) -> p.storage().setConcurrency("ReadStage", -1, Math.toIntExact(v))),
            Map.entry("concurrent_writes", (p, v) -> p.storage().setConcurrency("MutationStage", -1, Math.toIntExact(v))),
            Map.entry("sstable_preemptive_open_interval", (p, v) -> p.storage().setSSTablePreemptiveOpenIntervalInMB(Math.toIntExact(v))),
            Map.entry("column_index_size", (p, v) -> p.storage().setColumnIndexSizeInKiB(Math.toIntExact(v))),
            Map.entry("stream_throughput_outbound", (p, v) -> p.storage().setStreamThroughputMebibytesPerSec(Math.toIntExact(v))),
            Map.entry("inter_dc_stream_throughput_outbound",
                    (p, v) -> p.storage().setInterDCStreamThroughputMebibytesPerSec(Math.toIntExact(v))),
            Map.entry("key_cache_size", (p, v) -> p.caches().setKeyCacheCapacityInMB(v)),
            Map.entry("row_cache_size", (p, v) -> p.caches().setRowCacheCapacityInMB(v)),
            Map.entry("row_cache_save_period", (p, v) -> p.caches().setRowCacheSavePeriodInSeconds(Math.toIntExact(v))),
            Map.entry("index_summary_capacity", (p, v) -> p.indexSummaries().setMemoryPoolCapacityInMB(v)),
            Map.entry("index_summary_resize_interval", (p, v) -> p.indexSummaries().setResizeIntervalInMinutes(Math.toIntExact(v))));

    private LiveSetters() {
    }
}
