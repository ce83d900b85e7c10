package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RankCorrelationTest {

    @Test
    void matchesTheTabulatedExactDistributionForFiveItems() {
        // rho = 1 - 6 * 4 / (5 * 24) = 0.8; P(rho >= 0.8) = 8/120 in the exact null distribution
        // (tables of Spearman's statistic, n = 5), so the two-sided p is 16/120
        RankCorrelation r = RankCorrelation.spearman(new double[] {1, 2, 3, 4, 5}, new double[] {2, 1, 4, 3, 5}, 1);
        assertThat(r.rho()).isCloseTo(0.8, within(1e-12));
        assertThat(r.exact()).isTrue();
        assertThat(r.permutations()).isEqualTo(120);
        assertThat(r.p()).isCloseTo(16.0 / 120, within(1e-12));
    }

    @Test
    void aReversedOrderIsPerfectlyNegativeAndAsSignificantAsAPerfectMatch() {
        double[] x = {10, 20, 30, 40, 50, 60};
        RankCorrelation up = RankCorrelation.spearman(x, new double[] {1, 2, 3, 4, 5, 6}, 1);
        RankCorrelation down = RankCorrelation.spearman(x, new double[] {6, 5, 4, 3, 2, 1}, 1);
        assertThat(up.rho()).isCloseTo(1, within(1e-12));
        assertThat(down.rho()).isCloseTo(-1, within(1e-12));
        assertThat(up.p()).isCloseTo(2.0 / 720, within(1e-12));
        assertThat(down.p()).isEqualTo(up.p());
    }

    @Test
    void tiesTakeMidRanks() {
        // ranks of y: 1.5, 1.5, 3, 4 -> Pearson of (1,2,3,4) with them
        RankCorrelation r = RankCorrelation.spearman(new double[] {1, 2, 3, 4}, new double[] {5, 5, 6, 7}, 1);
        assertThat(r.rho()).isCloseTo(0.9486832980505138, within(1e-12));
    }

    @Test
    void unrelatedLongSeriesAreNotSignificantAndRelatedOnesAre() {
        SplittableRandom random = new SplittableRandom(3);
        double[] x = new double[40];
        double[] noise = new double[40];
        double[] related = new double[40];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
            noise[i] = random.nextDouble();
            related[i] = i + 10 * random.nextDouble();
        }
        RankCorrelation none = RankCorrelation.spearman(x, noise, 7);
        RankCorrelation some = RankCorrelation.spearman(x, related, 7);
        assertThat(none.exact()).isFalse();
        assertThat(none.p()).isGreaterThan(0.05);
        assertThat(some.rho()).isGreaterThan(0.8);
        assertThat(some.p()).isLessThan(0.001).isGreaterThan(0);
        assertThat(RankCorrelation.spearman(x, noise, 7)).isEqualTo(none);
    }

    @Test
    void refusesWhatHasNoRanking() {
        assertThatThrownBy(() -> RankCorrelation.spearman(new double[] {1, 2}, new double[] {1, 2}, 1))
                .hasMessageContaining("at least 3");
        assertThatThrownBy(() -> RankCorrelation.spearman(new double[] {1, 2, 3}, new double[] {4, 4, 4}, 1))
                .hasMessageContaining("all values equal");
    }
}
