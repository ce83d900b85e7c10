package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FriedmanTestTest {

    /**
     * R's {@code ?friedman.test} example: Hollander &amp; Wolfe (1973), p. 140, times to round first base
     * ("round out", "narrow angle", "wide angle") for 22 players. R prints
     * "Friedman chi-squared = 11.143, df = 2, p-value = 0.003805" (ties present, tie-corrected).
     */
    @Test
    void matchesRsRoundingTimesExample() {
        double[][] rounding = {
            {5.40, 5.50, 5.55}, {5.85, 5.70, 5.75}, {5.20, 5.60, 5.50}, {5.55, 5.50, 5.40}, {5.90, 5.85, 5.70},
            {5.45, 5.55, 5.60}, {5.40, 5.40, 5.35}, {5.45, 5.50, 5.35}, {5.25, 5.15, 5.00}, {5.85, 5.80, 5.70},
            {5.25, 5.20, 5.10}, {5.65, 5.55, 5.45}, {5.60, 5.35, 5.45}, {5.05, 5.00, 4.95}, {5.50, 5.50, 5.40},
            {5.45, 5.55, 5.50}, {5.55, 5.55, 5.35}, {5.45, 5.50, 5.55}, {5.50, 5.45, 5.25}, {5.65, 5.60, 5.40},
            {5.70, 5.65, 5.55}, {6.30, 6.30, 6.25}};
        FriedmanTest.Result r = FriedmanTest.test(rounding);
        assertThat(r.statistic()).isCloseTo(11.143, within(0.0005));
        assertThat(r.pValue()).isCloseTo(0.003805, within(0.0000005));
    }

    /**
     * NAG Library example g08aef/g08aec (Friedman test; 3 groups, 18 blocks, one tied block): "Test
     * statistic 8.583, Degrees of freedom 2, Significance 0.014". NAG reports Friedman's statistic
     * without the tie correction.
     */
    @Test
    void matchesNagExampleWithoutTieCorrection() {
        double[][] groups = {
            {1, 2, 1, 1, 3, 2, 3, 1, 3, 3, 2, 2, 3, 2, 2.5, 3, 3, 2},
            {3, 3, 3, 2, 1, 3, 2, 3, 1, 1, 3, 3, 2, 3, 2.5, 2, 2, 3},
            {2, 1, 2, 3, 2, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1}};
        FriedmanTest.Result r = FriedmanTest.test(transpose(groups));
        assertThat(r.uncorrected()).isCloseTo(8.583, within(0.0005));
        assertThat(Math.exp(-r.uncorrected() / 2)).isCloseTo(0.014, within(0.0005)); // χ²(2) tail
        assertThat(r.statistic()).isGreaterThan(r.uncorrected()); // the correction only grows it
    }

    /**
     * Conover (1999), Practical Nonparametric Statistics, §5.8: 12 homeowners rank 4 lawn grasses,
     * as reproduced in NIST's Dataplot reference (FRIEDMAN TEST, CONOVER.DAT): "FRIEDMAN TEST
     * STATISTIC (ORIGINAL) = 8.097345, A1 = 356.5000, C1 = 300.0000, FRIEDMAN TEST STATISTIC
     * (CONOVER) = 3.192198". The block layout below has the published rank sums 38, 23.5, 24.5, 34.
     *
     * <p>Conover's post-hoc critical difference, by hand from the published quantities:
     * t(0.975; 33) = 2.0345 (t table), 2(b A1 − Σ R²) / ((b−1)(k−1)) = 2(4278 − 3752.5) / 33 = 31.848,
     * so |R_i − R_j| must exceed 2.0345 · √31.848 = 11.48: grass 1 differs from grasses 2 (14.5) and 3
     * (13.5), grass 4 from neither (10.5, 9.5). No published post-hoc output was at hand to copy; these
     * are hand calculations from Conover's formula.
     */
    @Test
    void matchesConoversGrassExampleAndItsPostHocComparisons() {
        double[][] ranks = {
            {4, 3, 2, 1}, {4, 2, 3, 1}, {3, 1.5, 1.5, 4}, {3, 1, 2, 4}, {4, 2, 1, 3}, {2, 2, 2, 4},
            {1, 3, 2, 4}, {2, 4, 1, 3}, {3.5, 1, 2, 3.5}, {4, 1, 3, 2}, {4, 2, 3, 1}, {3.5, 1, 2, 3.5}};
        FriedmanTest.Result r = FriedmanTest.test(ranks);
        assertThat(r.rankSums()).containsExactly(38, 23.5, 24.5, 34);
        assertThat(r.a1()).isEqualTo(356.5);
        assertThat(r.c1()).isEqualTo(300.0);
        assertThat(r.statistic()).isCloseTo(8.097345, within(0.000001));
        assertThat(r.conoverF()).isCloseTo(3.192198, within(0.000001));

        double cd = r.criticalDifference(0.05);
        assertThat(cd).isCloseTo(11.48, within(0.01));
        // the textbook form of the same bound: t · sqrt(2b(A1 − C1)(1 − T1/(b(k−1))) / ((b−1)(k−1)))
        double textbook = 2.0345 * Math.sqrt(2 * 12 * (356.5 - 300) * (1 - r.statistic() / (12 * 3)) / 33);
        assertThat(cd).isCloseTo(textbook, within(0.002));
        assertThat(r.differ(0, 1, 0.05)).isTrue();
        assertThat(r.differ(0, 2, 0.05)).isTrue();
        assertThat(r.differ(3, 1, 0.05)).isFalse();
        assertThat(r.differ(3, 2, 0.05)).isFalse();
        assertThat(r.differ(0, 3, 0.05)).isFalse();

        // the same test as p-values: t = |R_i − R_j| / √31.848 on 33 df, two-sided (scipy.stats.t.sf gives
        // 0.014895, 0.022603, 0.071737 and 0.483434 for the differences 14.5, 13.5, 10.5 and 4)
        assertThat(r.conoverP(0, 1)).isCloseTo(0.014895, within(1e-5));
        assertThat(r.conoverP(2, 0)).isCloseTo(0.022603, within(1e-5));
        assertThat(r.conoverP(3, 1)).isCloseTo(0.071737, within(1e-5));
        assertThat(r.conoverP(0, 3)).isCloseTo(0.483434, within(1e-5));
        assertThat(r.conoverP(1, 1)).isEqualTo(1.0);
    }

    @Test
    void conoversPValueIsBelowAlphaExactlyWhereTheBoundSaysTheyDiffer() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            int b = 2 + random.nextInt(8);
            int k = 2 + random.nextInt(5);
            double[][] v = new double[b][k];
            for (double[] block : v) {
                for (int j = 0; j < k; j++) {
                    block[j] = random.nextInt(4) + 0.5 * j; // ties (0.5 j whole for even j) and a trend: both outcomes
                }
            }
            FriedmanTest.Result r = FriedmanTest.test(v);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    for (double alpha : new double[] {0.01, 0.05, 0.2}) {
                        double cd = r.criticalDifference(alpha);
                        // away from the bound itself, where the quantile's and the distribution's numerics may differ
                        if (Math.abs(Math.abs(r.rankSums()[i] - r.rankSums()[j]) - cd) > 1e-4 * Math.max(1, cd)) {
                            assertThat(r.conoverP(i, j) < alpha).as("trial %d, %d vs %d at %s", trial, i, j, alpha)
                                    .isEqualTo(r.differ(i, j, alpha));
                        }
                    }
                }
            }
        }
    }

    @Test
    void javadocExampleAndDegenerateBlocks() {
        FriedmanTest.Result r = FriedmanTest.test(new double[][] {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {1, 2, 3}});
        assertThat(r.statistic()).isCloseTo(4.5, within(1e-12));
        assertThat(r.pValue()).isCloseTo(Math.exp(-2.25), within(1e-9));

        FriedmanTest.Result ties = FriedmanTest.test(new double[][] {{7, 7}, {3, 3}, {5, 5}});
        assertThat(ties.pValue()).isEqualTo(1.0);
        assertThat(ties.criticalDifference(0.05)).isInfinite();
        assertThat(ties.conoverP(0, 1)).isEqualTo(1.0);
    }

    @Test
    void blocksThatAllRankAlikeTellEveryTreatmentApart() {
        // two configurations, the second faster on every one of 5 instances: T1 = 5, p = 0.0253; the within-block
        // spread is 0, which is perfect agreement (irace's bound 0), not "nothing can be told apart"
        FriedmanTest.Result r = FriedmanTest.test(new double[][] {{1, 2}, {3, 4}, {5, 9}, {2, 3}, {4, 8}});
        assertThat(r.statistic()).isCloseTo(5, within(1e-12));
        assertThat(r.pValue()).isCloseTo(0.02535, within(1e-5));
        assertThat(r.criticalDifference(0.05)).isZero();
        assertThat(r.differ(0, 1, 0.05)).isTrue();
        assertThat(r.conoverP(0, 1)).isZero();
    }

    private static double[][] transpose(double[][] m) {
        double[][] t = new double[m[0].length][m.length];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[0].length; j++) {
                t[j][i] = m[i][j];
            }
        }
        return t;
    }
}
