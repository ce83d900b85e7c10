package dev.ctuner.common.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The summaries both the exact computation and the estimator derive the same way. */
final class ReuseSummaries {

    /** Zipf fits use at most this many of the most popular keys: the head is what a cache sees. */
    static final int SKEW_MAX_RANKS = 1000;

    private ReuseSummaries() {
    }

    /** The log2 bucket of a distance {@code d >= 1}: {@code floor(log2 d)}. */
    static int bucketOf(long distance) {
        return 63 - Long.numberOfLeadingZeros(distance);
    }

    /**
     * Rounds bucket masses to counts and drops trailing buckets that round to zero, so the list ends at the
     * largest non-empty bucket.
     */
    static List<LogBucket> histogram(double[] masses) {
        long[] counts = new long[masses.length];
        int size = 0;
        for (int b = 0; b < masses.length; b++) {
            counts[b] = Math.round(masses[b]);
            if (counts[b] > 0) {
                size = b + 1;
            }
        }
        List<LogBucket> buckets = new ArrayList<>(size);
        for (int b = 0; b < size; b++) {
            buckets.add(new LogBucket(2L << b, counts[b]));
        }
        return buckets;
    }

    /**
     * Fits an exponential with rate {@code 1 / mean} and scores it against the shares of the first
     * {@code buckets} buckets, the last of which absorbs the rest of the masses (and of the exponential's tail).
     */
    static ExponentialFit exponentialFit(double[] masses, int buckets, double mean) {
        int n = Math.max(1, Math.min(buckets, masses.length));
        double total = Arrays.stream(masses).sum();
        double[] observed = new double[n];
        for (int b = 0; b < masses.length; b++) {
            observed[Math.min(b, n - 1)] += masses[b] / total;
        }
        double rate = 1 / mean;
        double average = 1.0 / n;
        double residual = 0;
        double spread = 0;
        for (int b = 0; b < n; b++) {
            double lo = b == 0 ? 0 : Math.scalb(1.0, b);
            double hi = b == n - 1 ? Double.POSITIVE_INFINITY : Math.scalb(1.0, b + 1);
            double model = Math.exp(-rate * lo) - Math.exp(-rate * hi);
            residual += sq(observed[b] - model);
            spread += sq(observed[b] - average);
        }
        // With one bucket, or equal shares, there is no variation for the fit to explain.
        Double rSquared = spread > 1e-15 ? 1 - residual / spread : null;
        return new ExponentialFit(rate, rSquared);
    }

    /**
     * Zipf exponent {@code s} of key counts: minus the least-squares slope of {@code log count} on
     * {@code log rank} over the top ranks whose count is at least 2 (at most {@link #SKEW_MAX_RANKS}). Keys
     * seen once are left out because their counts are dominated by sampling noise, not by popularity.
     *
     * @return null when fewer than three keys have count ≥ 2
     */
    static Double zipfExponent(long[] counts) {
        long[] top = Arrays.stream(counts).filter(c -> c >= 2).toArray();
        Arrays.sort(top);
        int n = Math.min(top.length, SKEW_MAX_RANKS);
        if (n < 3) {
            return null;
        }
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (int rank = 1; rank <= n; rank++) {
            double x = Math.log(rank);
            double y = Math.log(top[top.length - rank]);
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        return slope == 0 ? 0.0 : -slope;
    }

    private static double sq(double x) {
        return x * x;
    }
}
