package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OpenLoopPacerTest {

    @Test
    void operationsAreDueAtStartPlusIndexOverRate() {
        OpenLoopPacer pacer = new OpenLoopPacer(1000, 5_000);
        assertThat(pacer.intendedStartNanos(0)).isEqualTo(5_000);
        assertThat(pacer.intendedStartNanos(1)).isEqualTo(1_005_000);
        assertThat(pacer.intendedStartNanos(250)).isEqualTo(250_005_000);
    }

    @Test
    void theTimetableDoesNotDriftWithNonIntegralPeriods() {
        OpenLoopPacer pacer = new OpenLoopPacer(3, 0);
        assertThat(pacer.intendedStartNanos(1)).isEqualTo(333_333_333);
        assertThat(pacer.intendedStartNanos(3)).isEqualTo(1_000_000_000);
        OpenLoopPacer seven = new OpenLoopPacer(7, 0);
        assertThat(seven.intendedStartNanos(7_000_000)).isEqualTo(1_000_000L * 1_000_000_000L);
    }

    @Test
    void worksAcrossNegativeNanoTimeValues() {
        OpenLoopPacer pacer = new OpenLoopPacer(2, -1_000_000_000L);
        assertThat(pacer.intendedStartNanos(2)).isEqualTo(0);
        assertThat(pacer.dueBefore(0)).isEqualTo(2);
        assertThat(pacer.dueBefore(1)).isEqualTo(3);
    }

    @Test
    void dueBeforeCountsTheTimetableUpToATime() {
        OpenLoopPacer pacer = new OpenLoopPacer(1000, 0);
        assertThat(pacer.dueBefore(0)).isZero();
        assertThat(pacer.dueBefore(1)).isEqualTo(1);
        assertThat(pacer.dueBefore(1_000_000)).isEqualTo(1);
        assertThat(pacer.dueBefore(1_000_001)).isEqualTo(2);
        assertThat(pacer.dueBefore(-5)).isZero();

        SplittableRandom rng = new SplittableRandom(3);
        for (int trial = 0; trial < 200; trial++) {
            double rate = 0.5 + rng.nextDouble() * 50_000;
            OpenLoopPacer p = new OpenLoopPacer(rate, rng.nextLong(1_000_000));
            long t = rng.nextLong(2_000_000_000L);
            long due = p.dueBefore(t);
            if (due > 0) {
                assertThat(p.intendedStartNanos(due - 1)).isLessThan(t);
            }
            assertThat(p.intendedStartNanos(due)).isGreaterThanOrEqualTo(t);
        }
    }

    @Test
    void rejectsNonPositiveRates() {
        assertThatThrownBy(() -> new OpenLoopPacer(0, 0)).hasMessageContaining("> 0");
        assertThatThrownBy(() -> LoadControl.open(-1)).hasMessageContaining("open-loop rate");
        assertThatThrownBy(() -> LoadControl.open(Double.POSITIVE_INFINITY)).hasMessageContaining("finite");
        assertThatThrownBy(() -> LoadControl.closed(0)).hasMessageContaining("at least 1");
    }
}
