package dev.ctuner.sidecar.bench;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;

/**
 * What one operation type did in a phase or run. Latencies are in microseconds and cover successful
 * operations only; in open loop they are measured from the intended start (see
 * {@link LoadControl.OpenLoop}). Values are kept to 3 significant digits (HdrHistogram).
 *
 * <pre>{@code
 * OperationStats reads = result.perOperation().get(OperationType.READ);
 * System.out.println(reads.count() + " reads, p99 " + reads.p99Micros() + " us");
 * }</pre>
 *
 * @param count        successful operations
 * @param errors       failed operations
 * @param errorsByType failures per exception class (simple name), e.g. {@code WriteTimeoutException}
 * @param meanMicros   mean latency
 * @param p50Micros    median latency
 * @param p95Micros    95th percentile latency
 * @param p99Micros    99th percentile latency
 * @param maxMicros    largest latency
 */
public record OperationStats(long count, long errors, Map<String, Long> errorsByType, double meanMicros,
        long p50Micros, long p95Micros, long p99Micros, long maxMicros) {

    public OperationStats {
        errorsByType = Map.copyOf(errorsByType);
    }

    static OperationStats of(AbstractHistogram micros, Map<String, Long> errorsByType) {
        long errors = errorsByType.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Long> sorted = new TreeMap<>(errorsByType);
        if (micros.getTotalCount() == 0) {
            return new OperationStats(0, errors, sorted, 0, 0, 0, 0, 0);
        }
        return new OperationStats(micros.getTotalCount(), errors, sorted, micros.getMean(),
                micros.getValueAtPercentile(50), micros.getValueAtPercentile(95),
                micros.getValueAtPercentile(99), micros.getMaxValue());
    }
}
