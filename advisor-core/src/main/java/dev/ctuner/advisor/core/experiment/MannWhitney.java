package dev.ctuner.advisor.core.experiment;

import java.util.Arrays;

/**
 * The Mann-Whitney U (Wilcoxon rank-sum) test of two independent samples: does one tend to give
 * larger values than the other? Rank-based, so one outlying run does not decide it. Exact p-value by
 * enumerating the U distribution when there are no ties and both samples are small; otherwise the
 * normal approximation with tie and continuity corrections.
 *
 * <pre>{@code
 * MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3}, new double[] {4, 5, 6});
 * r.pValue(); // 0.1 (exact, two-sided)
 * }</pre>
 */
public final class MannWhitney {

    /** Up to this many values per sample the exact distribution is used (when there are no ties). */
    static final int EXACT_LIMIT = 25;

    private MannWhitney() {
    }

    /**
     * @param u      U statistic of the first sample: pairs (a, b) with a > b, ties counting one half
     * @param pValue two-sided p-value
     * @param exact  whether the p-value is exact (otherwise the normal approximation)
     * @param commonLanguageEffect U / (n1 n2): the probability that a value of the first sample
     *                             exceeds one of the second (0.5 = no tendency)
     */
    public record Result(double u, double pValue, boolean exact, double commonLanguageEffect) {
    }

    public static Result test(double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        if (n1 == 0 || n2 == 0) {
            throw new IllegalArgumentException("both samples need values (got " + n1 + " and " + n2 + ")");
        }
        double[] all = new double[n1 + n2];
        System.arraycopy(a, 0, all, 0, n1);
        System.arraycopy(b, 0, all, n1, n2);
        double[] ranks = ranks(all);
        double rankSumA = 0;
        for (int i = 0; i < n1; i++) {
            rankSumA += ranks[i];
        }
        double u = rankSumA - n1 * (n1 + 1) / 2.0;
        double effect = u / ((double) n1 * n2);
        boolean ties = hasTies(all);
        if (!ties && n1 <= EXACT_LIMIT && n2 <= EXACT_LIMIT) {
            return new Result(u, exactTwoSided(n1, n2, u), true, effect);
        }
        double mu = n1 * (double) n2 / 2.0;
        double n = n1 + n2;
        double tieTerm = tieCorrection(all);
        double variance = n1 * (double) n2 / 12.0 * ((n + 1) - tieTerm / (n * (n - 1)));
        if (variance <= 0) {
            return new Result(u, 1.0, false, effect);
        }
        double z = (Math.abs(u - mu) - 0.5) / Math.sqrt(variance);
        double p = Math.min(1.0, 2 * (1 - Normal.cdf(Math.max(0, z))));
        return new Result(u, p, false, effect);
    }

    /** Two-sided exact p: twice the smaller tail of the U distribution, capped at 1. */
    static double exactTwoSided(int n1, int n2, double u) {
        double[] pmf = uDistribution(n1, n2);
        int k = (int) Math.round(u);
        double lower = 0;
        double upper = 0;
        for (int i = 0; i < pmf.length; i++) {
            if (i <= k) {
                lower += pmf[i];
            }
            if (i >= k) {
                upper += pmf[i];
            }
        }
        return Math.min(1.0, 2 * Math.min(lower, upper));
    }

    /** P(U = u) for u = 0 .. n1 n2 under the null, by the recurrence on counts of arrangements. */
    static double[] uDistribution(int n1, int n2) {
        // f[i][j][u]: arrangements of i a's and j b's with statistic u; f(i,j,u) = f(i-1,j,u-j) + f(i,j-1,u)
        double[][] prev = new double[n2 + 1][];
        for (int j = 0; j <= n2; j++) {
            prev[j] = new double[] {1};
        }
        for (int i = 1; i <= n1; i++) {
            double[][] cur = new double[n2 + 1][];
            cur[0] = new double[] {1};
            for (int j = 1; j <= n2; j++) {
                double[] c = new double[i * j + 1];
                double[] left = prev[j];      // one fewer a: shift by j
                double[] down = cur[j - 1];   // one fewer b
                for (int u = 0; u < left.length; u++) {
                    c[u + j] += left[u];
                }
                for (int u = 0; u < down.length; u++) {
                    c[u] += down[u];
                }
                cur[j] = c;
            }
            prev = cur;
        }
        double[] counts = prev[n2];
        double total = Arrays.stream(counts).sum();
        return Arrays.stream(counts).map(c -> c / total).toArray();
    }

    /** Mid-ranks (1-based), ties sharing the mean of their ranks. */
    public static double[] ranks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        double[] ranks = new double[values.length];
        int i = 0;
        while (i < order.length) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            double mid = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = mid;
            }
            i = j + 1;
        }
        return ranks;
    }

    private static boolean hasTies(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                return true;
            }
        }
        return false;
    }

    /** Sum over tie groups of t^3 - t. */
    private static double tieCorrection(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double sum = 0;
        int i = 0;
        while (i < sorted.length) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[i]) {
                j++;
            }
            double t = j - i + 1;
            sum += t * t * t - t;
            i = j + 1;
        }
        return sum;
    }
}
