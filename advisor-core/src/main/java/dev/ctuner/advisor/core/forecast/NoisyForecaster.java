package dev.ctuner.advisor.core.forecast;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Adds uniform noise U(−R, R) to every non-zero proportion of another forecaster's output, then
 * clips to [0, 1] and renormalises (EUNOMIA §6.9, prediction-noise study). Zero proportions stay 0
 * so that a read/update mix does not acquire scans from noise alone. The noise for an origin depends on
 * the seed and the history length only, so a replay is reproducible.
 *
 * <pre>{@code
 * Forecaster noisy = new NoisyForecaster(new OracleForecaster(truth), 0.2, 42);   // ±20 points
 * }</pre>
 */
public final class NoisyForecaster implements Forecaster {

    private final Forecaster inner;
    private final double range;
    private final long seed;

    public NoisyForecaster(Forecaster inner, double range, long seed) {
        if (!(range >= 0 && range <= 1)) {
            throw new IllegalArgumentException("noise range R must lie in [0, 1], got " + range);
        }
        this.inner = inner;
        this.range = range;
        this.seed = seed;
    }

    @Override
    public List<WorkloadVector> forecast(List<WorkloadVector> history, int lookahead) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + history.size());
        List<WorkloadVector> out = new ArrayList<>(lookahead);
        for (WorkloadVector w : inner.forecast(history, lookahead)) {
            double[] mix = w.mix();
            for (int i = 0; i < mix.length; i++) {
                mix[i] += mix[i] == 0 ? 0 : range * (2 * random.nextDouble() - 1);
            }
            out.add(WorkloadVector.clipped(mix, w.rate()));
        }
        return out;
    }
}
