package dev.ctuner.common.workload;

/**
 * An exponential distribution fitted to key reuse distances, RAFIKI's one-number summary of KRD.
 *
 * <p>The rate is the maximum-likelihood estimate {@code 1 / mean}. The goodness of fit compares, bucket by
 * bucket, the observed share of re-accesses in each log2 bucket with the exponential's probability mass over
 * the same range (the first bucket also takes {@code [0, 1)} and the last one the whole tail, so both sides sum
 * to one). R² can be negative when the exponential is a worse description than the flat average.
 *
 * <pre>{@code
 * ExponentialFit fit = stats.exponentialFit();   // e.g. rate 0.001, rSquared 0.97
 * double p = Math.exp(-fit.rate() * 5_000);      // share of re-accesses farther than 5,000 operations
 * }</pre>
 *
 * @param rate     λ in re-accesses per operation of distance, {@code > 0}
 * @param rSquared coefficient of determination over the buckets; null when it cannot be computed
 *                 (fewer than two buckets, or all bucket shares equal)
 */
public record ExponentialFit(double rate, Double rSquared) {

    public ExponentialFit {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be positive and finite, got " + rate);
        }
        if (rSquared != null && (rSquared.isNaN() || rSquared > 1)) {
            throw new IllegalArgumentException("R² must be a number <= 1, got " + rSquared);
        }
    }

    /** The fitted mean distance, {@code 1 / rate}. */
    public double mean() {
        return 1 / rate;
    }
}
