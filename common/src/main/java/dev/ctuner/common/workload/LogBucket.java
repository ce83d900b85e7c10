package dev.ctuner.common.workload;

/**
 * One log2 bucket of a key-reuse-distance histogram: bucket {@code b} holds distances in
 * {@code [2^b, 2^(b+1))}, so it is identified by its exclusive upper bound.
 *
 * <pre>{@code
 * new LogBucket(4, 7)   // seven re-accesses at distance 2 or 3
 * }</pre>
 *
 * @param upperBoundExclusive {@code 2^(b+1)}: 2, 4, 8, ...
 * @param count               re-accesses (observed, or expected and rounded) in the bucket
 */
public record LogBucket(long upperBoundExclusive, long count) {

    public LogBucket {
        if (upperBoundExclusive < 2 || Long.bitCount(upperBoundExclusive) != 1) {
            throw new IllegalArgumentException("upper bound must be a power of two >= 2, got " + upperBoundExclusive);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
    }

    /** The smallest distance the bucket holds, {@code 2^b}. */
    public long lowerBoundInclusive() {
        return upperBoundExclusive / 2;
    }
}
