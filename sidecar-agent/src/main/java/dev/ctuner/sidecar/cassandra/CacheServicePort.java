package dev.ctuner.sidecar.cassandra;

/** The CacheService MBean ({@code org.apache.cassandra.db:type=Caches}). */
public interface CacheServicePort {

    String NAME = "org.apache.cassandra.db:type=Caches";

    void setKeyCacheCapacityInMB(long value);

    void setRowCacheCapacityInMB(long value);

    void setRowCacheSavePeriodInSeconds(int value);
}
