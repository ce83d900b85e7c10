package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    private final SteadyState rule = new SteadyState(3, 0.05);

    @Test
    void aRampIsNotSteadyAndAPlateauIs() {
        assertThat(rule.settled(List.of(2100.0, 3900.0, 5200.0))).isFalse();
        assertThat(rule.settled(List.of(2100.0, 3900.0, 5800.0, 6100.0, 5950.0))).isTrue();
        assertThat(rule.settled(List.of(6000.0, 6000.0, 5200.0))).as("one interval 10% low").isFalse();
    }

    @Test
    void tooFewIntervalsOrNothingServedIsNotSteady() {
        assertThat(rule.settled(List.of(6000.0, 6000.0))).isFalse();
        assertThat(rule.settled(List.of(0.0, 0.0, 0.0))).isFalse();
        assertThatThrownBy(() -> new SteadyState(1, 0.05)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SteadyState(3, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
