package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class GoodnessOfFitTest {

    @Test
    void computesPearsonStatisticAndPValue() {
        // (44-50)^2/50 + (56-50)^2/50 = 1.44 with 1 degree of freedom
        GoodnessOfFit.Result r = GoodnessOfFit.chiSquare(new long[] {44, 56}, new double[] {0.5, 0.5});
        assertThat(r.statistic()).isCloseTo(1.44, within(1e-12));
        assertThat(r.degreesOfFreedom()).isEqualTo(1);
        assertThat(r.pValue()).isCloseTo(ChiSquareDistribution.survival(1.44, 1), within(1e-15));
        assertThat(r.minExpectedCount()).isEqualTo(50.0);
        assertThat(r.consistentAt(0.05)).isTrue();
    }

    @Test
    void rejectsAClearMisfit() {
        GoodnessOfFit.Result r = GoodnessOfFit.chiSquare(new long[] {700, 300}, new double[] {0.5, 0.5});
        assertThat(r.pValue()).isLessThan(1e-30);
        assertThat(r.consistentAt(0.001)).isFalse();
    }

    @Test
    void zeroProbabilityBinsDoNotCountUnlessObserved() {
        GoodnessOfFit.Result r = GoodnessOfFit.chiSquare(new long[] {50, 0, 50}, new double[] {0.5, 0, 0.5});
        assertThat(r.degreesOfFreedom()).isEqualTo(1);
        assertThat(r.pValue()).isEqualTo(1.0);
        GoodnessOfFit.Result impossible = GoodnessOfFit.chiSquare(new long[] {50, 1, 50}, new double[] {0.5, 0, 0.5});
        assertThat(impossible.pValue()).isEqualTo(0.0);
    }

    @Test
    void remainderBinCompletesTheProbabilities() {
        assertThat(GoodnessOfFit.withRemainder(new double[] {0.5, 0.25})).containsExactly(0.5, 0.25, 0.25);
        assertThatThrownBy(() -> GoodnessOfFit.withRemainder(new double[] {0.7, 0.7})).hasMessageContaining("> 1");
    }

    @Test
    void validatesItsInput() {
        assertThatThrownBy(() -> GoodnessOfFit.chiSquare(new long[] {1, 2}, new double[] {1}))
                .hasMessageContaining("2 bins");
        assertThatThrownBy(() -> GoodnessOfFit.chiSquare(new long[] {1, 2}, new double[] {0.5, 0.6}))
                .hasMessageContaining("sum to 1");
        assertThatThrownBy(() -> GoodnessOfFit.chiSquare(new long[] {0, 0}, new double[] {0.5, 0.5}))
                .hasMessageContaining("no observations");
        assertThatThrownBy(() -> GoodnessOfFit.chiSquare(new long[] {3, 0}, new double[] {1, 0}))
                .hasMessageContaining("two bins");
        assertThatThrownBy(() -> GoodnessOfFit.chiSquare(new long[] {-1, 2}, new double[] {0.5, 0.5}))
                .hasMessageContaining(">= 0");
    }
}
