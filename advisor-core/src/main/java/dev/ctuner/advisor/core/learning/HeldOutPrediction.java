package dev.ctuner.advisor.core.learning;

import java.util.Objects;

/**
 * One held-out sample of a grouped cross-validation, with what the model trained without its group
 * predicted for it: the raw material for seeing where a model's error lies.
 *
 * <pre>{@code
 * HeldOutPrediction p = ...;
 * p.absolutePercentError();   // |predicted − actual| / actual × 100
 * }</pre>
 *
 * @param repetition the split (0-based) in which the sample was held out
 */
public record HeldOutPrediction(Sample sample, int repetition, double actual, double predicted) {

    public HeldOutPrediction {
        Objects.requireNonNull(sample, "sample");
    }

    public double absolutePercentError() {
        return Metrics.absolutePercentError(actual, predicted);
    }
}
