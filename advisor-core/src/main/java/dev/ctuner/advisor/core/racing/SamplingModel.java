package dev.ctuner.advisor.core.racing;

import java.util.random.RandomGenerator;

/**
 * The sampling distribution attached to one configuration (irace package paper, López-Ibáñez et
 * al. 2016, §3.2 "Generating new configurations"): per numeric knob a normal truncated to [0, 1]
 * around the configuration's value with standard deviation σ, per categorical knob a probability
 * for each level. A new configuration inherits the model of the elite it was sampled from.
 *
 * <p>Updates, at the start of iteration j ≥ 2, for an elite z with value x_z (N_new new
 * configurations this iteration, N_param knobs, N_iter planned iterations):
 * <pre>
 *   σ ← σ · (1 / N_new)^(1 / N_param)                                  numeric
 *   P(v) ← P(v) · (1 − w) + (v == x_z ? w : 0),  w = (j − 1) / N_iter    categorical
 * </pre>
 * Deviations from irace: σ starts at 0.5 in unit coordinates (irace: half the range, the same
 * thing on the [0, 1] scale; log-scale knobs are sampled on their log scale, like irace's
 * {@code log} parameters); w is capped at 1 when iterations beyond N_iter run; integers are
 * sampled as reals and snapped to the nearest legal value (irace floors a draw over [lo, hi+1));
 * no "soft restart" when the model has collapsed.
 *
 * <pre>{@code
 * SamplingModel m = SamplingModel.initial(space).updated(eliteCandidatePoint, space, 2, 4, 10);
 * double[] child = m.sample(elitePoint, space, rng);
 * }</pre>
 */
final class SamplingModel {

    static final double INITIAL_SIGMA = 0.5;
    /** Draws of a truncated normal before the value is clamped instead. */
    private static final int MAX_REJECTIONS = 100;

    private final double[] sigma;
    private final double[][] probabilities;

    private SamplingModel(double[] sigma, double[][] probabilities) {
        this.sigma = sigma;
        this.probabilities = probabilities;
    }

    /** The model of a configuration of the first iteration: σ = 0.5, every level equally likely. */
    static SamplingModel initial(ParameterSpace space) {
        double[] sigma = new double[space.size()];
        double[][] probs = new double[space.size()][];
        for (int j = 0; j < sigma.length; j++) {
            if (space.categorical(j)) {
                probs[j] = new double[space.levels(j)];
                java.util.Arrays.fill(probs[j], 1.0 / space.levels(j));
            } else {
                sigma[j] = INITIAL_SIGMA;
            }
        }
        return new SamplingModel(sigma, probs);
    }

    /** This model updated for an elite at {@code point} at the start of {@code iteration} (see the class comment). */
    SamplingModel updated(double[] point, ParameterSpace space, int iteration, int plannedIterations, int newConfigurations) {
        double shrink = Math.pow(1.0 / Math.max(1, newConfigurations), 1.0 / space.size());
        double w = Math.min(1.0, (iteration - 1) / (double) plannedIterations);
        double[] s = sigma.clone();
        double[][] p = new double[probabilities.length][];
        for (int j = 0; j < s.length; j++) {
            if (space.categorical(j)) {
                p[j] = new double[probabilities[j].length];
                for (int v = 0; v < p[j].length; v++) {
                    p[j][v] = probabilities[j][v] * (1 - w) + (v == (int) point[j] ? w : 0);
                }
            } else {
                s[j] = sigma[j] * shrink;
            }
        }
        return new SamplingModel(s, p);
    }

    /** A point sampled around {@code parent} (not yet checked against the constraints). */
    double[] sample(double[] parent, ParameterSpace space, RandomGenerator rng) {
        double[] x = new double[parent.length];
        for (int j = 0; j < x.length; j++) {
            x[j] = space.categorical(j) ? level(probabilities[j], rng) : truncatedNormal(parent[j], sigma[j], rng);
        }
        return x;
    }

    double sigma(int j) {
        return sigma[j];
    }

    double probability(int j, int level) {
        return probabilities[j][level];
    }

    private static int level(double[] p, RandomGenerator rng) {
        double u = rng.nextDouble();
        double sum = 0;
        for (int v = 0; v < p.length; v++) {
            sum += p[v];
            if (u < sum) {
                return v;
            }
        }
        return p.length - 1;
    }

    /** N(mean, sd) restricted to [0, 1], by rejection (the mean lies in [0, 1], so at least ~half of draws land). */
    private static double truncatedNormal(double mean, double sd, RandomGenerator rng) {
        for (int i = 0; i < MAX_REJECTIONS; i++) {
            double x = mean + sd * rng.nextGaussian();
            if (x >= 0 && x <= 1) {
                return x;
            }
        }
        return Math.min(1, Math.max(0, mean));
    }
}
