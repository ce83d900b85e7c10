package dev.ctuner.common.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The closed forms the estimator relies on, checked against brute force. */
class DistinctKeyCurveTest {

    // Counts 1 (x40), 2 (x12), 3 (x5), 10 (x3), 250 (x1): n = 40 + 24 + 15 + 30 + 250 = 359.
    private final DistinctKeyCurve curve = new DistinctKeyCurve(new long[] {1, 2, 3, 10, 250}, new long[] {40, 12, 5, 3, 1});

    @Test
    void rarefactionRunsFromNothingToTheKeysSeen() {
        assertThat(curve.at(0)).isZero();
        assertThat(curve.at(1)).isCloseTo(1, within(1e-12));
        assertThat(curve.at(359)).isCloseTo(61, within(1e-9));
        // A key seen once is among t random sampled operations with probability t/n.
        DistinctKeyCurve singles = new DistinctKeyCurve(new long[] {1}, new long[] {10});
        assertThat(singles.at(4)).isCloseTo(4, within(1e-12));
    }

    @Test
    void sumsAndRatesAgreeWithTheCurveItself() {
        for (long last : new long[] {1, 7, 100, 358, 359, 360, 2_000, 50_000}) {
            double brute = 0;
            for (long t = 1; t <= last; t++) {
                brute += curve.at(t);
            }
            assertThat(curve.sumTo(last)).as("sum to %d", last).isCloseTo(brute, within(1e-6 * brute + 0.5));
        }
        for (long t : new long[] {0, 1, 50, 358, 359, 5_000}) {
            assertThat(curve.newKeyRate(t)).as("rate at %d", t).isCloseTo(curve.at(t + 1) - curve.at(t), within(1e-9));
        }
        // Good–Turing: once the sample is used up, new keys arrive at rate f1/n on both sides of n.
        assertThat(curve.newKeyRate(358)).isCloseTo(40.0 / 359, within(1e-12));
    }

    @Test
    void tailIntegralsMatchNumericalIntegration() {
        for (UnseenKeys tail : new UnseenKeys[] {new UnseenKeys.Even(500, 0.002), new UnseenKeys.Gamma(40, 359, 0.7, -0.6),
                new UnseenKeys.Gamma(40, 359, 0.5, 0), new UnseenKeys.Gamma(40, 359, 0.5, 1), new UnseenKeys.Gamma(40, 359, 1, -1)}) {
            double m = 3_000;
            int steps = 200_000;
            double numeric = 0;
            for (int i = 0; i < steps; i++) {
                numeric += tail.after((i + 0.5) * m / steps) * m / steps;
            }
            assertThat(tail.integral(m)).as(tail.toString()).isCloseTo(numeric, within(1e-6 * numeric));
            assertThat(tail.after(1e-3) / 1e-3).as("starting rate of %s", tail).isCloseTo(tail.after(2e-3) / 2e-3, within(1e-3));
        }
    }

    @Test
    void theGammaTailTendsToChaosEvenSpreadWhenRareKeysLookAlike() {
        double f1 = 3_000;
        double f2 = 900;
        double n = 10_000;
        UnseenKeys even = UnseenKeys.fit(f1, f2, 180, n);            // ρ = 3 f3/f2 - 2 f2/f1 = 0.6 - 0.6 = 0
        UnseenKeys nearlyEven = UnseenKeys.fit(f1, f2, 180.5, n);
        assertThat(even).isInstanceOf(UnseenKeys.Even.class);
        assertThat(((UnseenKeys.Even) even).keys()).isCloseTo(f1 * f1 / (2 * f2), within(1e-9));
        assertThat(nearlyEven).isInstanceOf(UnseenKeys.Gamma.class);
        assertThat(nearlyEven.after(40_000)).isCloseTo(even.after(40_000), within(0.01 * even.after(40_000)));
        assertThat(UnseenKeys.fit(0, 5, 5, n)).isInstanceOf(UnseenKeys.None.class);
        assertThat(UnseenKeys.fit(1, 0, 0, n)).isInstanceOf(UnseenKeys.None.class);   // Chao1 finds no unseen key
    }

    @Test
    void logFactorialIsAccurateAcrossTheTableBoundary() {
        double sum = 0;
        for (int k = 1; k <= 300; k++) {
            sum += Math.log(k);
            assertThat(DistinctKeyCurve.logFactorial(k)).as("log %d!", k).isCloseTo(sum, within(1e-10 * sum));
        }
    }
}
