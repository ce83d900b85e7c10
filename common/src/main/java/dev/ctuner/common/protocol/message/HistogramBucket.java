package dev.ctuner.common.protocol.message;

/**
 * One bucket of a histogram: {@code count} observations below {@code upperBoundExclusive}
 * and at or above the previous bucket's bound.
 */
public record HistogramBucket(long upperBoundExclusive, long count) {

    public HistogramBucket {
        Checks.positive(upperBoundExclusive, "upperBoundExclusive");
        Checks.nonNegative(count, "count");
    }
}
