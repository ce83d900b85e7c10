package dev.ctuner.advisor.core.learning;

/**
 * One point of a learning curve: error on held-out configurations after training on
 * {@code trainingSamples} samples, averaged over repetitions.
 *
 * <pre>{@code
 * point.mean().mape();   // falls as trainingSamples grows, then levels off (RAFIKI: at ~180)
 * }</pre>
 */
public record CurvePoint(int trainingSamples, Metrics mean, int repetitions) {
}
