package dev.ctuner.advisor.core.experiment;

import java.util.Arrays;

/**
 * Mean, sample standard deviation and coefficient of variation of repeated measurements.
 *
 * <pre>{@code
 * Summary s = Summary.of(new double[] {100, 110, 90});
 * s.mean(); // 100
 * s.cv();   // 0.1
 * }</pre>
 */
public record Summary(int n, double mean, double sd, double min, double max) {

    public static Summary of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values to summarise");
        }
        double mean = Arrays.stream(values).average().orElseThrow();
        double ss = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
        double sd = values.length > 1 ? Math.sqrt(ss / (values.length - 1)) : 0;
        return new Summary(values.length, mean, sd, Arrays.stream(values).min().orElseThrow(),
                Arrays.stream(values).max().orElseThrow());
    }

    /** Coefficient of variation: sd / mean (0 when the mean is 0). */
    public double cv() {
        return mean == 0 ? 0 : sd / Math.abs(mean);
    }
}
