package dev.ctuner.advisor.core.tuning;

import java.util.OptionalDouble;

/**
 * What {@link ChangeVerifier} found after a rollout.
 *
 * <pre>{@code
 * Verification v = verifier.verify(before, after, predicted);
 * if (v.verdict() == Verification.Verdict.WORSE) { rollBack(v.reason()); }
 * v.throughputRatio();      // after / before medians, 0.81
 * v.predictionMissed();     // true: the realized gain lies outside the predicted interval
 * }</pre>
 *
 * @param verdict          BETTER, WORSE, NO_SIGNIFICANT_DIFFERENCE or INSUFFICIENT_DATA
 * @param reason           human-readable explanation
 * @param matchedBefore    windows before the change kept (at a workload matching the after windows)
 * @param matchedAfter     windows after the change kept
 * @param throughputRatio  median after / median before (NaN when insufficient)
 * @param p99Ratio         median p99 after / median before (NaN when insufficient)
 * @param throughputP      two-sided Mann-Whitney p-value of throughput (NaN when insufficient)
 * @param p99P             two-sided Mann-Whitney p-value of p99 (NaN when insufficient)
 * @param realizedGain     throughputRatio − 1, empty when insufficient
 * @param predictionMissed the realized gain lies outside the prediction's own interval (a model-health count);
 *                         false when insufficient
 */
public record Verification(Verdict verdict, String reason, int matchedBefore, int matchedAfter, double throughputRatio,
                           double p99Ratio, double throughputP, double p99P, OptionalDouble realizedGain,
                           boolean predictionMissed) {

    public enum Verdict { BETTER, WORSE, NO_SIGNIFICANT_DIFFERENCE, INSUFFICIENT_DATA }

    static Verification insufficient(String reason, int before, int after) {
        return new Verification(Verdict.INSUFFICIENT_DATA, reason, before, after, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, OptionalDouble.empty(), false);
    }
}
