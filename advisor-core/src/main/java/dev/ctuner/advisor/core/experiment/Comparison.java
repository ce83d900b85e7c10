package dev.ctuner.advisor.core.experiment;

import java.util.Locale;

/**
 * B measured against A in one interleaved run: ratio of mean throughputs, each side's spread, and a
 * rank test.
 *
 * <pre>{@code
 * Comparison c = Comparison.of(defaultRuns, tunedRuns);
 * c.ratio();          // 1.04: B is 4% faster on average
 * c.test().pValue();  // Mann-Whitney, two-sided
 * }</pre>
 */
public record Comparison(Summary a, Summary b, double ratio, MannWhitney.Result test) {

    public static Comparison of(double[] a, double[] b) {
        Summary sa = Summary.of(a);
        Summary sb = Summary.of(b);
        return new Comparison(sa, sb, sb.mean() / sa.mean(), MannWhitney.test(b, a));
    }

    /** A one-line verdict at significance level {@code alpha}. */
    public String verdict(double alpha) {
        String direction = ratio >= 1 ? "faster" : "slower";
        return test.pValue() < alpha
                ? String.format(Locale.ROOT, "B is %.1f%% %s than A (p = %.3g < %.2f)", 100 * Math.abs(ratio - 1), direction,
                        test.pValue(), alpha)
                : String.format(Locale.ROOT, "no significant difference (ratio %.3f, p = %.3g >= %.2f)", ratio,
                        test.pValue(), alpha);
    }
}
