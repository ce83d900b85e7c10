package dev.ctuner.common.protocol.message;

/**
 * Latency distribution in microseconds. Each value is null when the node did not report it.
 * Monotonicity is not enforced: Cassandra reports max and percentiles from different sources.
 */
public record LatencyPercentiles(Double p50, Double p95, Double p99, Double max) {

    /** Nothing known. */
    public static final LatencyPercentiles UNKNOWN = new LatencyPercentiles(null, null, null, null);

    public LatencyPercentiles {
        Checks.nullableFiniteNonNegative(p50, "p50");
        Checks.nullableFiniteNonNegative(p95, "p95");
        Checks.nullableFiniteNonNegative(p99, "p99");
        Checks.nullableFiniteNonNegative(max, "max");
    }
}
