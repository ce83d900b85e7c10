package dev.ctuner.sidecar.cassandra;

/** The IndexSummaryManager MBean ({@code org.apache.cassandra.db:type=IndexSummaries}). */
public interface IndexSummaryPort {

    String NAME = "org.apache.cassandra.db:type=IndexSummaries";

    void setMemoryPoolCapacityInMB(long value);

    void setResizeIntervalInMinutes(int value);
}
