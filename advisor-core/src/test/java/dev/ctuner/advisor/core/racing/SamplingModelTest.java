package dev.ctuner.advisor.core.racing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SamplingModelTest {

    private static final ParameterSpace SPACE = Synthetic.SPACE;

    @Test
    void shrinksSigmaAndShiftsLevelProbabilitiesAsIraceDoes() {
        double[] elite = {0.2, 0.8, 0.5, 2, 1};
        SamplingModel m = SamplingModel.initial(SPACE).updated(elite, SPACE, 2, 4, 10);
        // σ · (1/N_new)^(1/N_param) = 0.5 · 10^(-1/5)
        assertThat(m.sigma(0)).isCloseTo(0.5 * Math.pow(0.1, 0.2), within(1e-12));
        int levels = SPACE.levels(3);
        // w = (j − 1) / N_iter = 1/4: the elite's level gets p (1 − w) + w, the others p (1 − w)
        assertThat(m.probability(3, 2)).isCloseTo(0.75 / levels + 0.25, within(1e-12));
        assertThat(m.probability(3, 0)).isCloseTo(0.75 / levels, within(1e-12));
        assertThat(m.probability(4, 1)).isCloseTo(0.75 * 0.5 + 0.25, within(1e-12));
    }

    @Test
    void samplesStayInTheDomainAndConcentrateAroundTheParentAsSigmaShrinks() {
        double[] parent = {0.9, 0.1, 0.5, 1, 0};
        SamplingModel wide = SamplingModel.initial(SPACE);
        SamplingModel narrow = wide;
        for (int j = 2; j <= 6; j++) {
            narrow = narrow.updated(parent, SPACE, j, 4, 20);
        }
        SplittableRandom rng = new SplittableRandom(5);
        double wideSpread = 0;
        double narrowSpread = 0;
        int sameLevel = 0;
        for (int i = 0; i < 2000; i++) {
            double[] w = wide.sample(parent, SPACE, rng);
            double[] n = narrow.sample(parent, SPACE, rng);
            for (double[] x : new double[][] {w, n}) {
                assertThat(x[0]).isBetween(0.0, 1.0);
                assertThat(x[1]).isBetween(0.0, 1.0);
            }
            wideSpread += Math.abs(w[0] - parent[0]);
            narrowSpread += Math.abs(n[0] - parent[0]);
            sameLevel += n[3] == parent[3] ? 1 : 0;
        }
        assertThat(narrowSpread).isLessThan(wideSpread / 4);
        assertThat(sameLevel).isGreaterThan(1900); // w reached 1 from iteration 5 on: the parent's level only
    }
}
