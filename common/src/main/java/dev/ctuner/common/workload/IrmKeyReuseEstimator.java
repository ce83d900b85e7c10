package dev.ctuner.common.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Estimates the key reuse distance (KRD) statistics of a window of operations from sampled per-key access
 * counts, such as Cassandra's partition sampler reports: the sidecar sees counts (of all operations in a
 * sampling period, or of a random thinned subset of them), never the sequence.
 *
 * <h2>Method</h2>
 * Under the independent reference model (IRM: each operation picks key k independently with probability
 * {@code p_k}), every KRD statistic of a window of M operations is a linear function of the expected
 * distinct-keys curve {@code D(t) = Σ_k 1 - (1-p_k)^t}. With {@code a(t) = D(t+1) - D(t)}, the chance that an
 * operation brings a key not among the t before it:
 * <ul>
 *   <li>expected re-accesses: {@code R = M - D(M)};</li>
 *   <li>expected sum of distances (each key's distances telescope to {@code last - first}, and a key spans
 *       position t unless it is absent before or after it): {@code S = 2 Σ_{t<M} D(t) - (M-1) D(M)}; the mean
 *       is {@code S / R};</li>
 *   <li>expected re-accesses at distance at most x (from {@code (M-d) Σ_k p_k² (1-p_k)^(d-1)} at distance d):
 *       {@code W(x) = M - D(x) - (M-x) a(x)}, which gives the log2 histogram and the median.</li>
 * </ul>
 * The curve is estimated from the sample by {@link DistinctKeyCurve}: exact rarefaction up to the sample size,
 * then an extrapolation that starts at the Good–Turing unseen mass {@code f1/n} and spreads it over Chao1's
 * unseen keys, or, when the counts show that rare keys differ in popularity, over a Gamma-distributed tail
 * fitted to {@code f1, f2, f3} (see {@link UnseenKeys}). Keys are handled per distinct count, so the cost is
 * linear in the number of distinct counts (plus sorting the counts for the popularity skew), never in the
 * number of keys or of operations.
 *
 * <p>Why not plug the counts in as probabilities ({@code p_k ≈ (1-u) c_k/n})? Keys seen once or twice then
 * look far more popular than they are on average, and scaling every key by {@code 1-u} takes the unseen mass
 * from the hot keys; on a Zipf(0.99) workload that overestimated the mean by 50-100%. Rarefaction needs no
 * per-key probability.
 *
 * <h2>Assumptions and known weaknesses</h2>
 * <ul>
 *   <li>IRM and stationarity within the window: no temporal locality (bursts, scans, sessions) and no drift
 *       in popularity. Workloads with locality re-access sooner than predicted.</li>
 *   <li>The sample must be random with respect to keys (a random thinning, or a contiguous period under
 *       stationarity). Cassandra's sampler keeps only the top-k keys (Space-Saving); a truncated tail makes
 *       the rare keys invisible, so {@code f1, f2, f3} and the extrapolation are wrong. Give it enough
 *       capacity to keep every sampled key, or expect the mean to be underestimated.</li>
 *   <li>Beyond the sample size the curve is extrapolated from the three lowest counts; the further the window
 *       exceeds the sample (here tested up to 5x), the more the result depends on that tail model.</li>
 *   <li>A sample longer than the window is fine: only the interpolated part of the curve is used.</li>
 * </ul>
 *
 * <pre>{@code
 * Map<String, Long> sampled = Map.of("user:1", 40L, "user:2", 3L, "user:3", 1L);
 * KeyReuseStats s = new IrmKeyReuseEstimator().estimate(sampled, 60_000);
 * s.mean();   // expected mean distance of a re-access among 60,000 operations
 * }</pre>
 */
public final class IrmKeyReuseEstimator {

    /**
     * Estimates the statistics of a window of {@code windowOperations} operations.
     *
     * @param sampledCounts    accesses per key in the sample; keys with count 0 are ignored
     * @param windowOperations operations in the window, {@code >= 0}
     * @return the estimate, with expected counts rounded; {@link KeyReuseStats#NONE} when the sample is empty
     *     (nothing is known)
     */
    public KeyReuseStats estimate(Map<?, Long> sampledCounts, long windowOperations) {
        Objects.requireNonNull(sampledCounts, "sampledCounts");
        if (windowOperations < 0) {
            throw new IllegalArgumentException("windowOperations must be >= 0, got " + windowOperations);
        }
        long[] counts = positiveCounts(sampledCounts);
        if (counts.length == 0) {
            return KeyReuseStats.NONE;
        }
        Double skew = ReuseSummaries.zipfExponent(counts);
        DistinctKeyCurve curve = profile(counts);
        long m = windowOperations;
        double reuses = m - curve.at(m);
        // Below one expected re-access in a million windows there is no distance worth describing.
        if (m < 2 || reuses < 1e-6) {
            return new KeyReuseStats(0, null, null, List.of(), null, skew);
        }
        double distanceSum = 2 * curve.sumTo(m - 1) - (m - 1) * curve.at(m);
        double mean = Math.max(1, distanceSum / reuses);
        double[] masses = bucketMasses(curve, m);
        List<LogBucket> histogram = ReuseSummaries.histogram(masses);
        ExponentialFit fit = ReuseSummaries.exponentialFit(masses, histogram.size(), mean);
        return new KeyReuseStats(Math.round(reuses), mean, (double) median(curve, m), histogram, fit, skew);
    }

    private static long[] positiveCounts(Map<?, Long> sampledCounts) {
        long[] counts = new long[sampledCounts.size()];
        int size = 0;
        for (Map.Entry<?, Long> e : sampledCounts.entrySet()) {
            Long c = e.getValue();
            if (c == null || c < 0) {
                throw new IllegalArgumentException("count of key " + e.getKey() + " must be >= 0, got " + c);
            }
            if (c > 0) {
                counts[size++] = c;
            }
        }
        return Arrays.copyOf(counts, size);
    }

    /** Groups keys by count: the curve only depends on how many keys were seen how often. */
    private static DistinctKeyCurve profile(long[] counts) {
        TreeMap<Long, Long> keysByCount = new TreeMap<>();
        for (long c : counts) {
            keysByCount.merge(c, 1L, Long::sum);
        }
        long[] values = keysByCount.keySet().stream().mapToLong(Long::longValue).toArray();
        long[] keys = keysByCount.values().stream().mapToLong(Long::longValue).toArray();
        return new DistinctKeyCurve(values, keys);
    }

    /** Expected re-accesses within distance x, {@code W(x)}, for {@code 0 <= x <= m-1}. */
    private static double reusesWithin(DistinctKeyCurve curve, long m, long x) {
        return m - curve.at(x) - (m - x) * curve.newKeyRate(x);
    }

    /** Expected re-accesses per log2 bucket, from [1, 2) up to the bucket holding distance m - 1. */
    private static double[] bucketMasses(DistinctKeyCurve curve, long m) {
        double[] masses = new double[ReuseSummaries.bucketOf(m - 1) + 1];
        double below = 0;
        for (int b = 0; b < masses.length; b++) {
            double upTo = reusesWithin(curve, m, Math.min((2L << b) - 1, m - 1));
            // Never negative: rounding in W must not produce a negative bucket.
            masses[b] = Math.max(0, upTo - below);
            below = Math.max(below, upTo);
        }
        return masses;
    }

    /** The smallest distance within which half of the expected re-accesses fall. */
    private static long median(DistinctKeyCurve curve, long m) {
        double half = reusesWithin(curve, m, m - 1) / 2;
        long lo = 1;
        long hi = m - 1;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (reusesWithin(curve, m, mid) >= half) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
