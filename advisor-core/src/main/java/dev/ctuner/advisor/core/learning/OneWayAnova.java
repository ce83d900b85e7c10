package dev.ctuner.advisor.core.learning;

import java.util.List;
import smile.stat.distribution.FDistribution;

/**
 * One-way ANOVA over groups of observations: F = (SSB/(k−1)) / (SSW/(N−k)), p from the F
 * distribution with (k−1, N−k) degrees of freedom (Smile), eta² = SSB/SST.
 *
 * <pre>{@code
 * // the textbook example: F = 9.26, p = 0.0024
 * OneWayAnova.test(List.of(new double[] {6, 8, 4, 5, 3, 4}, new double[] {8, 12, 9, 11, 6, 8},
 *         new double[] {13, 9, 11, 8, 7, 12}));
 * }</pre>
 */
public final class OneWayAnova {

    private OneWayAnova() {
    }

    /** Requires at least two non-empty groups and more observations than groups. */
    public static AnovaResult test(List<double[]> groups) {
        int k = 0;
        int n = 0;
        double sum = 0;
        for (double[] g : groups) {
            if (g.length > 0) {
                k++;
                n += g.length;
                for (double v : g) {
                    sum += v;
                }
            }
        }
        if (k < 2 || n <= k) {
            throw new IllegalArgumentException("ANOVA needs at least 2 non-empty groups and more observations ("
                    + n + ") than groups (" + k + ")");
        }
        double grand = sum / n;
        double ssb = 0;
        double ssw = 0;
        double meanSum = 0;
        double meanSquares = 0;
        for (double[] g : groups) {
            if (g.length == 0) {
                continue;
            }
            double mean = 0;
            for (double v : g) {
                mean += v;
            }
            mean /= g.length;
            meanSum += mean;
            meanSquares += mean * mean;
            ssb += g.length * (mean - grand) * (mean - grand);
            for (double v : g) {
                ssw += (v - mean) * (v - mean);
            }
        }
        int df1 = k - 1;
        int df2 = n - k;
        double f;
        double p;
        if (ssw == 0) {
            f = ssb == 0 ? 0 : Double.POSITIVE_INFINITY;
            p = ssb == 0 ? 1 : 0;
        } else {
            f = (ssb / df1) / (ssw / df2);
            p = Math.max(0, 1 - new FDistribution(df1, df2).cdf(f));
        }
        double sst = ssb + ssw;
        double eta = sst == 0 ? 0 : ssb / sst;
        double meanOfMeans = meanSum / k;
        double spread = Math.sqrt(Math.max(0, (meanSquares - k * meanOfMeans * meanOfMeans) / (k - 1)));
        return new AnovaResult(k, n, f, p, eta, spread);
    }
}
