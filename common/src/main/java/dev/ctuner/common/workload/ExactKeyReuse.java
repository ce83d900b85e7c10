package dev.ctuner.common.workload;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Exact key reuse distance statistics of a known operation sequence: the ground truth the workload driver
 * computes from the keys it issued, and against which {@link IrmKeyReuseEstimator} is judged.
 *
 * <p>One pass with the last position of every key, so time and memory are linear in the sequence length.
 * The exponential fit uses the maximum-likelihood rate {@code 1 / mean} (as RAFIKI summarises KRD) and scores
 * it against the histogram's bucket shares; popularity skew is fitted to the per-key counts of the sequence.
 *
 * <pre>{@code
 * KeyReuseStats s = ExactKeyReuse.of(List.of("a", "b", "a", "b"));
 * s.reuseCount();   // 2 (distances 2 and 2)
 * s.median();       // 2.0
 * }</pre>
 */
public final class ExactKeyReuse {

    private ExactKeyReuse() {
    }

    /** Statistics of a sequence of numeric key ids. */
    public static KeyReuseStats of(long[] keys) {
        Objects.requireNonNull(keys, "keys");
        DenseKeyIds index = new DenseKeyIds(Math.min(keys.length, 1 << 20));
        int[] ids = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            ids[i] = index.idOf(keys[i]);
        }
        return ofDenseIds(ids, index.size());
    }

    /** Statistics of a sequence of keys compared with {@code equals}; null keys are refused. */
    public static KeyReuseStats of(List<?> keys) {
        Objects.requireNonNull(keys, "keys");
        Map<Object, Integer> index = new HashMap<>();
        int[] ids = new int[keys.size()];
        int i = 0;
        for (Object key : keys) {
            if (key == null) {
                throw new IllegalArgumentException("key at position " + i + " is null");
            }
            ids[i++] = index.computeIfAbsent(key, k -> index.size());
        }
        return ofDenseIds(ids, index.size());
    }

    private static KeyReuseStats ofDenseIds(int[] ids, int distinct) {
        int n = ids.length;
        int[] lastPosition = new int[distinct];
        Arrays.fill(lastPosition, -1);
        long[] accesses = new long[distinct];
        // Distances are below n, so counting them by value gives the exact median in linear time.
        int[] byDistance = new int[Math.max(n, 1)];
        double[] buckets = new double[64];
        long reuses = 0;
        long distanceSum = 0;
        for (int position = 0; position < n; position++) {
            int key = ids[position];
            int last = lastPosition[key];
            if (last >= 0) {
                int distance = position - last;
                byDistance[distance]++;
                buckets[ReuseSummaries.bucketOf(distance)]++;
                reuses++;
                distanceSum += distance;
            }
            lastPosition[key] = position;
            accesses[key]++;
        }
        Double skew = ReuseSummaries.zipfExponent(accesses);
        if (reuses == 0) {
            return new KeyReuseStats(0, null, null, List.of(), null, skew);
        }
        double mean = (double) distanceSum / reuses;
        List<LogBucket> histogram = ReuseSummaries.histogram(buckets);
        ExponentialFit fit = ReuseSummaries.exponentialFit(buckets, histogram.size(), mean);
        return new KeyReuseStats(reuses, mean, median(byDistance, reuses), histogram, fit, skew);
    }

    /** The middle distance, or the average of the two middle ones when the count is even. */
    private static double median(int[] byDistance, long reuses) {
        long lowerRank = (reuses - 1) / 2;   // 0-based ranks of the middle element(s)
        long upperRank = reuses / 2;
        long seen = 0;
        long lower = -1;
        for (int d = 1; d < byDistance.length; d++) {
            seen += byDistance[d];
            if (lower < 0 && seen > lowerRank) {
                lower = d;
            }
            if (seen > upperRank) {
                return (lower + d) / 2.0;
            }
        }
        throw new IllegalStateException("distance counts do not add up to " + reuses);
    }
}
