package dev.ctuner.advisor.core.experiment;

import java.util.Arrays;
import smile.stat.distribution.ChiSquareDistribution;
import smile.stat.distribution.TDistribution;

/**
 * The Friedman rank test for an unreplicated complete block design (b blocks = instances, k
 * treatments = candidates) and Conover's post-hoc comparison of rank sums, the test irace races
 * with (irace paper §3.3; López-Ibáñez et al. 2016, "The irace package", §3.2, "F-race").
 *
 * <p>Values are ranked within each block, smallest = rank 1, ties sharing their mid-rank (as R's
 * {@code friedman.test}). With R_j the rank sum of treatment j, A1 = Σ r_ij² and
 * C1 = b k (k+1)² / 4 (Conover 1999, Practical Nonparametric Statistics, §5.8):
 * <pre>
 *   T1 = (k − 1) Σ_j (R_j − b(k+1)/2)² / (A1 − C1)      tie-corrected, ~ χ²(k − 1)
 *   T0 = 12 / (b k (k+1)) Σ_j R_j² − 3 b (k+1)         Friedman's original, no tie correction
 * </pre>
 * Conover's post-hoc test: treatments i and j differ at level α when
 * <pre>
 *   |R_i − R_j| &gt; t(1 − α/2; (b−1)(k−1)) · sqrt( 2 b (A1 − C1) (1 − T1 / (b(k−1))) / ((b−1)(k−1)) )
 *               = t(1 − α/2; (b−1)(k−1)) · sqrt( 2 (b A1 − Σ_j R_j²) / ((b−1)(k−1)) )
 * </pre>
 * (the two forms are algebraically equal; the second is the one irace's race uses).
 *
 * <pre>{@code
 * FriedmanTest.Result r = FriedmanTest.test(new double[][] {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {1, 2, 3}});
 * r.statistic();                 // 4.5 (χ², 2 df)
 * r.pValue();                    // 0.105
 * r.criticalDifference(0.05);    // rank-sum difference beyond which two treatments differ
 * }</pre>
 */
public final class FriedmanTest {

    private FriedmanTest() {
    }

    /**
     * @param blocks     b, the number of blocks (rows)
     * @param treatments k, the number of treatments (columns)
     * @param rankSums   R_j per treatment, in column order
     * @param a1         Σ r_ij², the sum of squared ranks
     * @param c1         b k (k+1)² / 4
     * @param statistic  T1, tie-corrected (R's {@code friedman.test}); NaN when every block is all ties
     * @param uncorrected T0, Friedman's statistic without the tie correction
     * @param pValue     P(χ²(k−1) ≥ T1); 1 when T1 is undefined
     */
    public record Result(int blocks, int treatments, double[] rankSums, double a1, double c1, double statistic,
            double uncorrected, double pValue) {

        /** Conover & Iman's F form of the statistic: T2 = (b−1) T1 / (b(k−1) − T1), ~ F(k−1, (b−1)(k−1)). */
        public double conoverF() {
            return (blocks - 1) * statistic / (blocks * (treatments - 1.0) - statistic);
        }

        /** The smallest rank-sum difference Conover's post-hoc test calls significant at level {@code alpha}. */
        public double criticalDifference(double alpha) {
            int df = degreesOfFreedom();
            if (df < 1) {
                return Double.POSITIVE_INFINITY;
            }
            double spread = spread();
            if (!(spread > 0)) {
                // every block ranks the treatments alike: perfect agreement, so any difference in rank sums is
                // significant (irace's bound is 0 then); when every block is all ties nothing can be told apart
                return Double.isNaN(statistic) ? Double.POSITIVE_INFINITY : 0;
            }
            return new TDistribution(df).quantile(1 - alpha / 2) * Math.sqrt(spread);
        }

        /** Whether treatments {@code i} and {@code j} differ by Conover's test at level {@code alpha}. */
        public boolean differ(int i, int j, double alpha) {
            return Math.abs(rankSums[i] - rankSums[j]) > criticalDifference(alpha);
        }

        /**
         * The two-sided p-value of Conover's post-hoc test for treatments {@code i} and {@code j}, before
         * any adjustment for the number of pairs: t = |R_i − R_j| / sqrt(2 (b A1 − Σ R²) / ((b−1)(k−1)))
         * against t((b−1)(k−1)), the all-pairs form of the bound above ({@code conoverP(i, j) < alpha}
         * exactly where {@code differ(i, j, alpha)}). 1 where nothing tells them apart (no degrees of
         * freedom, every block all ties, equal rank sums); 0 where every block ranks the treatments
         * alike and their rank sums differ.
         */
        public double conoverP(int i, int j) {
            int df = degreesOfFreedom();
            double difference = Math.abs(rankSums[i] - rankSums[j]);
            if (df < 1 || Double.isNaN(statistic) || difference == 0) {
                return 1;
            }
            double spread = spread();
            if (!(spread > 0)) {
                return 0;
            }
            return Math.min(1, 2 * (1 - new TDistribution(df).cdf(difference / Math.sqrt(spread))));
        }

        private int degreesOfFreedom() {
            return (blocks - 1) * (treatments - 1);
        }

        /** 2 (b A1 − Σ R²) / ((b−1)(k−1)): the variance of a rank-sum difference under the null. */
        private double spread() {
            double sumSquares = Arrays.stream(rankSums).map(r -> r * r).sum();
            return 2 * (blocks * a1 - sumSquares) / degreesOfFreedom();
        }
    }

    /**
     * Runs the test on {@code values[block][treatment]}; needs at least 2 blocks and 2 treatments,
     * all values finite.
     */
    public static Result test(double[][] values) {
        int b = values.length;
        if (b < 2) {
            throw new IllegalArgumentException("the Friedman test needs at least 2 blocks, got " + b);
        }
        int k = values[0].length;
        if (k < 2) {
            throw new IllegalArgumentException("the Friedman test needs at least 2 treatments, got " + k);
        }
        double[] rankSums = new double[k];
        double a1 = 0;
        for (double[] block : values) {
            if (block.length != k) {
                throw new IllegalArgumentException("every block needs " + k + " values, one has " + block.length);
            }
            double[] ranks = midRanks(block);
            for (int j = 0; j < k; j++) {
                rankSums[j] += ranks[j];
                a1 += ranks[j] * ranks[j];
            }
        }
        double c1 = b * k * (k + 1.0) * (k + 1.0) / 4;
        double centre = b * (k + 1) / 2.0;
        double deviations = 0;
        double squares = 0;
        for (double r : rankSums) {
            deviations += (r - centre) * (r - centre);
            squares += r * r;
        }
        double uncorrected = 12.0 / (b * k * (k + 1.0)) * squares - 3.0 * b * (k + 1);
        double t1 = a1 - c1 > 1e-12 ? (k - 1) * deviations / (a1 - c1) : Double.NaN;
        double p = Double.isNaN(t1) ? 1.0 : Math.max(0, 1 - new ChiSquareDistribution(k - 1).cdf(t1));
        return new Result(b, k, rankSums, a1, c1, t1, uncorrected, p);
    }

    /** 1-based ranks of the values, smallest first, ties sharing the mean of their ranks. */
    static double[] midRanks(double[] values) {
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("values must be finite, got " + v);
            }
        }
        return MannWhitney.ranks(values);
    }
}
