package dev.ctuner.advisor.core.learning;

/**
 * A trained model of one target over encoded features ({@link FeatureEncoder}).
 *
 * <pre>{@code
 * Surrogate s = new RandomForestSurrogate.Trainer(200, 0.34, 3).fit(x, y, 42);
 * Prediction p = s.predict(x[0]);
 * }</pre>
 */
@FunctionalInterface
public interface Surrogate {

    /** The prediction at feature vector {@code x} with the ensemble's spread as uncertainty. */
    Prediction predict(double[] x);
}
