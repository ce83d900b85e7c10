package dev.ctuner.common.workload;

import java.util.List;
import java.util.Objects;

/**
 * Summary of key reuse distances (KRD) over a window of operations: for consecutive accesses of one key at
 * positions {@code i < j}, the distance is {@code j - i}, so an immediate re-access has distance 1.
 *
 * <p>The same record carries exact statistics of a known sequence ({@link ExactKeyReuse}) and expected
 * statistics estimated from sampled key counts ({@link IrmKeyReuseEstimator}); in the latter case counts are
 * expectations rounded to whole numbers, while mean, median and fit come from the unrounded expectations.
 *
 * <pre>{@code
 * KeyReuseStats s = ExactKeyReuse.of(new long[] {7, 9, 7, 9});
 * s.reuseCount();   // 2
 * s.mean();         // 2.0
 * s.histogram();    // [LogBucket[upperBoundExclusive=2, count=0], LogBucket[upperBoundExclusive=4, count=2]]
 * }</pre>
 *
 * @param reuseCount     re-accesses observed (or expected, rounded)
 * @param mean           mean distance; null when there is no re-access to average
 * @param median         median distance; null when there is no re-access
 * @param histogram      counts per log2 bucket from {@code [1, 2)} up to the largest non-empty bucket, empty
 *                       buckets in between included; empty when there is no re-access
 * @param exponentialFit exponential fitted to the distances; null when there is no re-access
 * @param popularitySkew Zipf exponent {@code s} fitted to the key counts (least squares of log count on log
 *                       rank over at most the top 1,000 keys with count ≥ 2); null with fewer than three such keys
 */
public record KeyReuseStats(long reuseCount, Double mean, Double median, List<LogBucket> histogram,
                            ExponentialFit exponentialFit, Double popularitySkew) {

    /** Nothing to summarise: no re-access and nothing known about popularity. */
    public static final KeyReuseStats NONE = new KeyReuseStats(0, null, null, List.of(), null, null);

    public KeyReuseStats {
        if (reuseCount < 0) {
            throw new IllegalArgumentException("reuseCount must be >= 0, got " + reuseCount);
        }
        histogram = List.copyOf(Objects.requireNonNull(histogram, "histogram"));
        for (int b = 0; b < histogram.size(); b++) {
            // Position b must be the bucket [2^b, 2^(b+1)) so that readers can index the list directly.
            if (histogram.get(b).upperBoundExclusive() != 2L << b) {
                throw new IllegalArgumentException("histogram bucket " + b + " must end at " + (2L << b));
            }
        }
        requireFiniteOrNull(mean, "mean");
        requireFiniteOrNull(median, "median");
        requireFiniteOrNull(popularitySkew, "popularitySkew");
    }

    /** True when at least one re-access was observed or is expected. */
    public boolean hasReuse() {
        return mean != null;
    }

    private static void requireFiniteOrNull(Double value, String name) {
        if (value != null && !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite, got " + value);
        }
    }
}
