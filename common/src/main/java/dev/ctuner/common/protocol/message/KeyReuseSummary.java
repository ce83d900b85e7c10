package dev.ctuner.common.protocol.message;

import java.util.List;

/**
 * Summary of key reuse distance (KRD: operations between two accesses to the same key),
 * which tells the advisor how cache-friendly the workload is.
 *
 * @param histogram KRD histogram on log2 buckets (bounds 1, 2, 4, ...), bounds strictly increasing
 * @param meanKrd mean reuse distance; null when unknown
 * @param medianKrd median reuse distance; null when unknown
 * @param exponentialRate rate lambda of an exponential fit to the KRD distribution; null if not fitted
 * @param exponentialFitRSquared R squared of that fit (at most 1; may be negative for a poor fit)
 * @param popularitySkew key popularity skew, e.g. an estimated Zipf exponent; null when unknown
 * @param sampledOperations operations in the sample the summary was computed from
 * @param method how the sample was taken, e.g. "reservoir-1pct"
 */
public record KeyReuseSummary(
        List<HistogramBucket> histogram,
        Double meanKrd,
        Double medianKrd,
        Double exponentialRate,
        Double exponentialFitRSquared,
        Double popularitySkew,
        long sampledOperations,
        String method) {

    public KeyReuseSummary {
        histogram = Checks.list(histogram, "histogram");
        for (int i = 1; i < histogram.size(); i++) {
            long previous = histogram.get(i - 1).upperBoundExclusive();
            long current = histogram.get(i).upperBoundExclusive();
            if (current <= previous) {
                throw new IllegalArgumentException("histogram[" + i + "].upperBoundExclusive must be greater than "
                        + previous + " (the previous bound) but was " + current);
            }
        }
        Checks.nullableFiniteNonNegative(meanKrd, "meanKrd");
        Checks.nullableFiniteNonNegative(medianKrd, "medianKrd");
        Checks.nullableFiniteNonNegative(exponentialRate, "exponentialRate");
        Checks.nullableFinite(exponentialFitRSquared, "exponentialFitRSquared");
        if (exponentialFitRSquared != null && exponentialFitRSquared > 1.0) {
            throw new IllegalArgumentException("exponentialFitRSquared must be <= 1 but was " + exponentialFitRSquared);
        }
        Checks.nullableFiniteNonNegative(popularitySkew, "popularitySkew");
        Checks.nonNegative(sampledOperations, "sampledOperations");
        Checks.nonBlank(method, "method");
    }

    /** A summary stating that no key sampling happened, named by {@code method}. */
    public static KeyReuseSummary notSampled(String method) {
        return new KeyReuseSummary(List.of(), null, null, null, null, null, 0, method);
    }
}
