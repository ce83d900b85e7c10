package dev.ctuner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoopRecoveryReportTest {

    @Test
    void theRecoveredShareIsTheLossWonBackOnTheArmsMeans() {
        LoopRecoveryReport r = new LoopRecoveryReport(List.of(1000.0, 1100.0), List.of(600.0, 700.0), List.of(1000.0, 1020.0),
                List.of(640.0));
        assertThat(r.loss()).isCloseTo(1 - 650.0 / 1050.0, offset(1e-12));
        assertThat(r.recoveredShare()).isCloseTo((1010.0 - 650.0) / (1050.0 - 650.0), offset(1e-12));
        double[] ci = r.recoveredInterval(2_000, 1);
        assertThat(ci[0]).isLessThanOrEqualTo(r.recoveredShare()).isGreaterThan(0.5);
        assertThat(ci[1]).isGreaterThanOrEqualTo(r.recoveredShare()).isLessThan(1.5);
        assertThat(r.table()).contains("| default | 2 | 1050 |", "| mis-tuned | 2 | 650 |", "**90 %** of that loss");
    }

    @Test
    void aMisTuningThatCostNothingHasNoShare() {
        LoopRecoveryReport r = new LoopRecoveryReport(List.of(1000.0), List.of(1000.0), List.of(990.0), List.of());
        assertThat(r.recoveredShare()).isNaN();
        assertThatThrownBy(() -> new LoopRecoveryReport(List.of(), List.of(1.0), List.of(1.0), List.of()))
                .hasMessageContaining("at least one round");
    }
}
