package dev.ctuner.harness;

import java.util.List;
import java.util.Locale;

/**
 * Mean, sample standard deviation, minimum and maximum of a benchmark's measurements.
 *
 * <pre>{@code
 * BenchStats.of(List.of(71.2, 74.0, 69.8)).format("s");  // "mean 71.7 s, sd 2.1 s, min 69.8 s, max 74.0 s (n=3)"
 * }</pre>
 */
public record BenchStats(int n, double mean, double sd, double min, double max) {

    public static BenchStats of(List<Double> values) {
        if (values.isEmpty()) {
            return new BenchStats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double sd = values.size() < 2 ? 0.0 : Math.sqrt(squares / (values.size() - 1));
        return new BenchStats(values.size(), mean, sd, values.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    public String format(String unit) {
        return String.format(Locale.ROOT, "mean %.1f %s, sd %.1f %s, min %.1f %s, max %.1f %s (n=%d)", mean, unit, sd, unit, min, unit,
                max, unit, n);
    }
}
