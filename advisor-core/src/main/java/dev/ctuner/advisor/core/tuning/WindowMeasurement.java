package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;

/**
 * What a cluster measured in one window: its workload mix, throughput and p99 latency.
 *
 * <pre>{@code
 * new WindowMeasurement(WorkloadVector.ofReadRatio(0.9, 12_000), 12_000, 8.4);
 * }</pre>
 *
 * @param workload      the window's operation mix (and rate)
 * @param opsPerSecond  throughput
 * @param p99Millis     99th-percentile latency in milliseconds
 */
public record WindowMeasurement(WorkloadVector workload, double opsPerSecond, double p99Millis) {

    public WindowMeasurement {
        if (!(opsPerSecond >= 0) || !(p99Millis >= 0) || Double.isInfinite(opsPerSecond) || Double.isInfinite(p99Millis)) {
            throw new IllegalArgumentException("throughput and p99 must be finite and non-negative, got "
                    + opsPerSecond + ", " + p99Millis);
        }
    }
}
