package dev.ctuner.advisor.core.learning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class OneWayAnovaTest {

    @Test
    void matchesTheTextbookExample() {
        // Three groups of six (the standard one-way ANOVA worked example): SSB = 84, SSW = 68,
        // F(2, 15) = 42 / 4.5333 = 9.2647, p = 0.0023988 (scipy.stats.f_oneway agrees).
        AnovaResult r = OneWayAnova.test(List.of(new double[] {6, 8, 4, 5, 3, 4},
                new double[] {8, 12, 9, 11, 6, 8}, new double[] {13, 9, 11, 8, 7, 12}));
        assertThat(r.fStatistic()).isCloseTo(9.264706, within(1e-5));
        assertThat(r.pValue()).isCloseTo(0.0023988, within(1e-6));
        assertThat(r.etaSquared()).isCloseTo(84.0 / 152.0, within(1e-9));
        assertThat(r.groups()).isEqualTo(3);
        assertThat(r.observations()).isEqualTo(18);
        assertThat(r.spreadOfMeans()).isCloseTo(Math.sqrt(7), within(1e-9));   // means 5, 9, 10
    }

    @Test
    void equalGroupsAreNotSignificant() {
        AnovaResult r = OneWayAnova.test(List.of(new double[] {1, 2, 3}, new double[] {1, 2, 3}));
        assertThat(r.fStatistic()).isZero();
        assertThat(r.pValue()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void needsTwoGroups() {
        assertThatThrownBy(() -> OneWayAnova.test(List.of(new double[] {1, 2, 3})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2");
    }
}
