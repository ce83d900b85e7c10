package dev.ctuner.sidecar.bench;

import java.util.List;

/**
 * When a warm-up may stop: the throughputs of the last {@code intervals} warm-up intervals all lie
 * within {@code tolerance} (relative) of their mean, so the node has left its JIT and cache ramp.
 * A freshly started node pinned to one core here ran 10K operations at ~2,700 ops/s and 1M at
 * ~6,000 ops/s after the same fixed 20 s warm-up: a fixed warm-up measured the ramp, not the node.
 * Pure.
 *
 * <pre>{@code
 * new SteadyState(3, 0.05).settled(List.of(2100.0, 3900.0, 5800.0, 6100.0, 5950.0)); // true
 * }</pre>
 */
public record SteadyState(int intervals, double tolerance) {

    public SteadyState {
        if (intervals < 2) {
            throw new IllegalArgumentException("steadiness needs at least 2 intervals, got " + intervals);
        }
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("tolerance must be in (0, 1), got " + tolerance);
        }
    }

    /** Whether the last {@link #intervals} rates (ops/s, oldest first) are all within the tolerance of their mean. */
    public boolean settled(List<Double> rates) {
        if (rates.size() < intervals) {
            return false;
        }
        List<Double> last = rates.subList(rates.size() - intervals, rates.size());
        double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return mean > 0 && last.stream().allMatch(r -> Math.abs(r - mean) <= tolerance * mean);
    }
}
