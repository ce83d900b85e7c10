package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.List;

/**
 * What one node saw during one sampling window: the workload, how the node performed, and the
 * configuration it ran with. Sent by the sidecar on the workload topic.
 *
 * @param windowStart inclusive start of the window
 * @param windowEnd exclusive end of the window; after {@code windowStart}
 * @param operations node-level operation counts
 * @param readRatio fraction of operations that read (reads and range scans); null when none ran
 * @param tables per-table operation counts
 * @param performance latency, throughput and resource metrics
 * @param keyReuse key reuse distance summary
 * @param configuration the configuration in effect
 * @param unknownMetrics names of metrics the node could not provide in this window
 */
public record WorkloadSample(
        Instant windowStart,
        Instant windowEnd,
        OperationCounts operations,
        Double readRatio,
        List<TableOperations> tables,
        Performance performance,
        KeyReuseSummary keyReuse,
        ConfigurationSnapshot configuration,
        List<String> unknownMetrics) implements Message {

    public WorkloadSample {
        Checks.required(windowStart, "windowStart");
        Checks.required(windowEnd, "windowEnd");
        if (!windowEnd.isAfter(windowStart)) {
            throw new IllegalArgumentException("windowEnd must be after windowStart (" + windowStart
                    + ") but was " + windowEnd);
        }
        Checks.required(operations, "operations");
        Checks.nullableRatio(readRatio, "readRatio");
        tables = Checks.list(tables, "tables");
        Checks.required(performance, "performance");
        Checks.required(keyReuse, "keyReuse");
        Checks.required(configuration, "configuration");
        unknownMetrics = Checks.nonBlankList(unknownMetrics, "unknownMetrics");
    }
}
