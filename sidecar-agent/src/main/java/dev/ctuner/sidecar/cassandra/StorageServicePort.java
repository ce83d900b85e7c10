package dev.ctuner.sidecar.cassandra;

/**
 * The StorageService MBean ({@code org.apache.cassandra.db:type=StorageService}) as far as the
 * sidecar uses it. Setters are JMX attributes; the rest are operations (FACTS.md:
 * compaction throughput and compactors are attributes, thread pools the operation setConcurrency).
 */
public interface StorageServicePort {

    String NAME = "org.apache.cassandra.db:type=StorageService";

    void setCompactionThroughputMbPerSec(int value);

    void setConcurrentCompactors(int value);

    void setConcurrency(String threadPoolName, int newCorePoolSize, int newMaximumPoolSize);

    void setSSTablePreemptiveOpenIntervalInMB(int value);

    void setColumnIndexSizeInKiB(int value);

    void setStreamThroughputMebibytesPerSec(int value);

    void setInterDCStreamThroughputMebibytesPerSec(int value);

    void drain() throws Exception;

    /** Flushes the memtables of {@code keyspace} (of {@code tables}, or all of them when none are named) to SSTables. */
    void forceKeyspaceFlush(String keyspace, String... tables) throws Exception;

    /**
     * Rewrites the node's SSTables of {@code keyspace}'s {@code tables} whose compression differs from the table's
     * ({@code nodetool recompress_sstables}), {@code jobs} at a time; blocks until done. Returns 0 when it succeeded.
     */
    int recompressSSTables(String keyspace, int jobs, String... tables) throws Exception;
}
