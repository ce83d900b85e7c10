package dev.ctuner.advisor.core.learning;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A surrogate for one {@link Target}, trained on the target's model scale (log for latencies)
 * and answering on the original scale. On a log scale the spread is carried back by the delta
 * method: spread ≈ exp(m)·s.
 *
 * <pre>{@code
 * TargetModel p99 = TargetModel.fit(Target.P99_READ, samples, encoder, ModelFamily.RANDOM_FOREST.trainer(), 7);
 * p99.predict(encoder.encode(sample)).mean();   // microseconds
 * }</pre>
 */
public record TargetModel(Target target, Surrogate surrogate, String trainedWith, int trainingSamples) {

    public TargetModel {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(surrogate, "surrogate");
        Objects.requireNonNull(trainedWith, "trainedWith");
    }

    /** Fits {@code target} on the samples that measured it; fails if fewer than 4 did. */
    public static TargetModel fit(Target target, List<Sample> samples, FeatureEncoder encoder,
                                  SurrogateTrainer trainer, long seed) {
        List<double[]> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Sample s : samples) {
            OptionalDouble y = target.observed(s);
            if (y.isPresent()) {
                xs.add(encoder.encode(s));
                ys.add(target.toModelScale(y.getAsDouble()));
            }
        }
        if (xs.size() < 4) {
            throw new IllegalArgumentException(target + ": only " + xs.size() + " samples measured it, need at least 4");
        }
        double[][] x = xs.toArray(new double[0][]);
        double[] y = ys.stream().mapToDouble(Double::doubleValue).toArray();
        return new TargetModel(target, trainer.fit(x, y, seed), trainer.describe(), x.length);
    }

    /** The prediction on the target's own scale (ops/s, µs). */
    public Prediction predict(double[] x) {
        Prediction p = surrogate.predict(x);
        if (!target.logScale()) {
            return p;
        }
        double mean = Math.exp(p.mean());
        return new Prediction(mean, mean * p.spread());
    }
}
