package dev.ctuner.advisor.core.learning;

/**
 * Fits a {@link Surrogate} to (x, y). Deterministic for a given seed: implementations seed every
 * random choice, Smile's thread-local generator included.
 *
 * <pre>{@code
 * SurrogateTrainer t = ModelFamily.RANDOM_FOREST.trainer();
 * Surrogate s = t.fit(x, y, 7);
 * }</pre>
 */
public interface SurrogateTrainer {

    Surrogate fit(double[][] x, double[] y, long seed);

    /** Short description with hyperparameters, e.g. {@code rf(trees=200, mtry=0.33, node=3)}. */
    String describe();
}
