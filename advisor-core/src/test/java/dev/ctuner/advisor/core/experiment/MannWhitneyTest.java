package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MannWhitneyTest {

    @Test
    void completelySeparatedSamplesOfThreeGiveTheExactSmallestTwoSidedP() {
        // 20 equally likely arrangements of 3 + 3 values; U = 0 has one of them: p = 2/20.
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3}, new double[] {4, 5, 6});
        assertThat(r.u()).isEqualTo(0);
        assertThat(r.exact()).isTrue();
        assertThat(r.pValue()).isCloseTo(0.1, within(1e-12));
        assertThat(r.commonLanguageEffect()).isEqualTo(0);
    }

    @Test
    void exactDistributionMatchesPublishedTableValues() {
        // Critical values of U (two-sided alpha 0.05): n1 = n2 = 5 -> 2; n1 = n2 = 10 -> 23.
        assertThat(MannWhitney.exactTwoSided(5, 5, 2)).isLessThanOrEqualTo(0.05);
        assertThat(MannWhitney.exactTwoSided(5, 5, 3)).isGreaterThan(0.05);
        assertThat(MannWhitney.exactTwoSided(10, 10, 23)).isLessThanOrEqualTo(0.05);
        assertThat(MannWhitney.exactTwoSided(10, 10, 24)).isGreaterThan(0.05);
    }

    @Test
    void uDistributionSumsToOneAndIsSymmetric() {
        double[] pmf = MannWhitney.uDistribution(4, 7);
        assertThat(pmf).hasSize(29);
        double sum = 0;
        for (int i = 0; i < pmf.length; i++) {
            sum += pmf[i];
            assertThat(pmf[i]).isCloseTo(pmf[pmf.length - 1 - i], within(1e-15));
        }
        assertThat(sum).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void identicalSamplesAreNotTold() {
        MannWhitney.Result r = MannWhitney.test(new double[] {5, 5, 5, 5}, new double[] {5, 5, 5, 5});
        assertThat(r.pValue()).isEqualTo(1.0);
        assertThat(r.commonLanguageEffect()).isEqualTo(0.5);
    }

    @Test
    void largeSamplesWithTiesUseTheNormalApproximation() {
        double[] a = new double[30];
        double[] b = new double[30];
        for (int i = 0; i < 30; i++) {
            a[i] = i % 10;
            b[i] = i % 10 + 3;
        }
        MannWhitney.Result r = MannWhitney.test(a, b);
        assertThat(r.exact()).isFalse();
        assertThat(r.pValue()).isLessThan(0.01);
        assertThat(MannWhitney.test(a, a.clone()).pValue()).isGreaterThan(0.9);
    }

    @Test
    void midRanksShareTies() {
        assertThat(MannWhitney.ranks(new double[] {10, 20, 20, 30})).containsExactly(1, 2.5, 2.5, 4);
    }
}
