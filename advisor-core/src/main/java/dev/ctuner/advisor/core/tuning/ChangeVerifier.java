package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.experiment.MannWhitney;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Verifies a rollout on the cluster's own windows: keeps only windows at a matching workload (a
 * before window counts when some after window's mix lies within {@code mixTolerance} of it, and vice
 * versa, so a workload shift is not read as the change's effect), then compares throughput and p99
 * before and after with the Mann-Whitney rank test (one noisy window does not decide it).
 * <ul>
 * <li>WORSE: throughput significantly lower or p99 significantly higher at {@code alpha}; the loop
 * rolls back on this.</li>
 * <li>BETTER: throughput significantly higher and p99 not significantly higher.</li>
 * <li>NO_SIGNIFICANT_DIFFERENCE otherwise; INSUFFICIENT_DATA with fewer than {@code minWindows}
 * matching windows on a side.</li>
 * </ul>
 *
 * <pre>{@code
 * ChangeVerifier verifier = new ChangeVerifier(0.1, 0.05, 5);
 * Verification v = verifier.verify(before, after, proposal.predictedGain());
 * }</pre>
 *
 * @param mixTolerance largest mix distance at which two windows count as the same workload
 * @param alpha        significance level of both tests
 * @param minWindows   matching windows needed on each side
 */
public record ChangeVerifier(double mixTolerance, double alpha, int minWindows) {

    public ChangeVerifier {
        if (!(mixTolerance >= 0) || !(alpha > 0 && alpha < 1) || minWindows < 2) {
            throw new IllegalArgumentException("need mixTolerance ≥ 0, 0 < alpha < 1 and minWindows ≥ 2, got "
                    + mixTolerance + ", " + alpha + ", " + minWindows);
        }
    }

    /** Tolerance 0.1, alpha 0.05, 5 windows a side. */
    public static ChangeVerifier standard() {
        return new ChangeVerifier(0.1, 0.05, 5);
    }

    /**
     * @param before    windows before the change started
     * @param after     windows after it finished
     * @param predicted the gain the proposal predicted (its interval decides {@code predictionMissed})
     */
    public Verification verify(List<WindowMeasurement> before, List<WindowMeasurement> after, GainEstimate predicted) {
        return verify(before, after, java.util.Optional.of(predicted));
    }

    /** As above; a change with no prediction (an operator's own) is never counted as a missed prediction. */
    public Verification verify(List<WindowMeasurement> before, List<WindowMeasurement> after, java.util.Optional<GainEstimate> predicted) {
        List<WindowMeasurement> b = matching(before, after);
        List<WindowMeasurement> a = matching(after, before);
        if (b.size() < minWindows || a.size() < minWindows) {
            return Verification.insufficient(String.format(Locale.ROOT,
                    "too few windows at a matching workload: %d of %d before and %d of %d after, %d needed on each side",
                    b.size(), before.size(), a.size(), after.size(), minWindows), b.size(), a.size());
        }
        double[] tb = values(b, true);
        double[] ta = values(a, true);
        double[] lb = values(b, false);
        double[] la = values(a, false);
        MannWhitney.Result tp = MannWhitney.test(ta, tb);
        MannWhitney.Result lp = MannWhitney.test(la, lb);
        double tRatio = median(ta) / median(tb);
        double lRatio = median(la) / median(lb);
        boolean slower = tp.pValue() < alpha && tp.commonLanguageEffect() < 0.5;
        boolean faster = tp.pValue() < alpha && tp.commonLanguageEffect() > 0.5;
        boolean laggier = lp.pValue() < alpha && lp.commonLanguageEffect() > 0.5;
        boolean quicker = lp.pValue() < alpha && lp.commonLanguageEffect() < 0.5;
        // under an open-loop load (clients at a fixed rate) throughput cannot rise: a lower p99 is the gain
        Verification.Verdict verdict = slower || laggier ? Verification.Verdict.WORSE
                : faster || quicker ? Verification.Verdict.BETTER : Verification.Verdict.NO_SIGNIFICANT_DIFFERENCE;
        double realized = tRatio - 1;
        boolean missed = predicted.map(p -> realized < p.lower() || realized > p.upper()).orElse(false);
        String reason = String.format(Locale.ROOT,
                "%s: throughput after/before %.3f (p = %.3g), p99 after/before %.3f (p = %.3g), %d and %d windows at a "
                        + "matching workload; realized gain %+.1f%%, %s%s",
                verdict, tRatio, tp.pValue(), lRatio, lp.pValue(), b.size(), a.size(), 100 * realized,
                predicted.map(p -> "predicted " + DecisionText.percent(p)).orElse("no prediction (an operator's change)"),
                missed ? " (missed by more than its uncertainty)" : "");
        return new Verification(verdict, reason, b.size(), a.size(), tRatio, lRatio, tp.pValue(), lp.pValue(),
                OptionalDouble.of(realized), missed);
    }

    private List<WindowMeasurement> matching(List<WindowMeasurement> these, List<WindowMeasurement> others) {
        List<WindowMeasurement> kept = new ArrayList<>();
        for (WindowMeasurement w : these) {
            if (others.stream().anyMatch(o -> o.workload().mixDistance(w.workload()) <= mixTolerance)) {
                kept.add(w);
            }
        }
        return kept;
    }

    private static double[] values(List<WindowMeasurement> windows, boolean throughput) {
        return windows.stream().mapToDouble(w -> throughput ? w.opsPerSecond() : w.p99Millis()).toArray();
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
