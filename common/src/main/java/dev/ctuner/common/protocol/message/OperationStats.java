package dev.ctuner.common.protocol.message;

/**
 * Outcome of one operation kind (e.g. READ) in an experiment.
 *
 * @param p50Micros median latency in microseconds; null when unknown (e.g. no successful operation)
 * @param p99Micros 99th percentile latency in microseconds; null when unknown
 */
public record OperationStats(long count, Double p50Micros, Double p99Micros, long errors) {

    public OperationStats {
        Checks.nonNegative(count, "count");
        Checks.nullableFiniteNonNegative(p50Micros, "p50Micros");
        Checks.nullableFiniteNonNegative(p99Micros, "p99Micros");
        Checks.nonNegative(errors, "errors");
    }
}
