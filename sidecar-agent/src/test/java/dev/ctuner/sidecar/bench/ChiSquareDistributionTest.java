package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChiSquareDistributionTest {

    /** Reference values from an independent implementation (SciPy's chi2.sf). */
    @ParameterizedTest(name = "df={0} x={1}")
    @CsvSource({
        "1, 3.841458820694124, 0.04999999999999989",
        "2, 5.991464547107979, 0.05000000000000007",
        "3, 7.814727903251178, 0.05",
        "5, 1.1454762260617697, 0.95",
        "10, 18.307038053275146, 0.05000000000000005",
        "10, 23.209251158954356, 0.010000000000000005",
        "100, 124.34211340400407, 0.0500000000000001",
        "1, 1.0, 0.31731050786291115",
        "1, 4.0, 0.04550026389635857",
        "1, 9.0, 0.0026997960632601883",
        "1, 0.001, 0.9747728793699604",
        "7, 0.5, 0.9994464813904249",
        "50, 10.0, 0.9999999998400414",
    })
    void matchesReferenceValues(int df, double x, double expected) {
        assertThat(ChiSquareDistribution.survival(x, df)).isCloseTo(expected, within(1e-12));
    }

    @Test
    void farTailIsAccurateRelatively() {
        double p = ChiSquareDistribution.survival(100.0, 4);
        assertThat(p / 9.836624224615988e-21).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void twoDegreesOfFreedomIsExponential() {
        for (double x = 0.1; x < 60; x *= 1.7) {
            assertThat(ChiSquareDistribution.survival(x, 2)).isCloseTo(Math.exp(-x / 2), within(1e-14));
        }
    }

    @Test
    void boundariesAndComplement() {
        assertThat(ChiSquareDistribution.survival(0, 3)).isEqualTo(1.0);
        assertThat(ChiSquareDistribution.survival(Double.POSITIVE_INFINITY, 3)).isEqualTo(0.0);
        assertThat(ChiSquareDistribution.cdf(7.814727903251178, 3)).isCloseTo(0.95, within(1e-12));
    }

    @Test
    void logGammaOfHalfIntegers() {
        assertThat(ChiSquareDistribution.logGammaOfHalfInteger(2)).isEqualTo(0.0);
        assertThat(ChiSquareDistribution.logGammaOfHalfInteger(1)).isCloseTo(0.5 * Math.log(Math.PI), within(1e-15));
        assertThat(ChiSquareDistribution.logGammaOfHalfInteger(12)).isCloseTo(Math.log(120), within(1e-13)); // 5!
        // Gamma(7/2) = 15/8 sqrt(pi)
        assertThat(ChiSquareDistribution.logGammaOfHalfInteger(7))
                .isCloseTo(Math.log(15.0 / 8 * Math.sqrt(Math.PI)), within(1e-13));
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> ChiSquareDistribution.survival(1, 0)).hasMessageContaining("degrees of freedom");
        assertThatThrownBy(() -> ChiSquareDistribution.survival(-1, 2)).hasMessageContaining("non-negative");
        assertThatThrownBy(() -> ChiSquareDistribution.survival(Double.NaN, 2)).hasMessageContaining("non-negative");
    }
}
