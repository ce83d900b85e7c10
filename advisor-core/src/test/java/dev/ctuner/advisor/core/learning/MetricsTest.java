package dev.ctuner.advisor.core.learning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MetricsTest {

    @Test
    void oneCollapsedPointDominatesTheMeanErrorButNotTheMedian() {
        // four points predicted within 5%, one that measured 2,000 where 30,000 was predicted
        Metrics m = Metrics.of(new double[] {30_000, 40_000, 50_000, 60_000, 2_000},
                new double[] {31_500, 38_000, 52_500, 57_000, 30_000});
        assertThat(m.medianApe()).isCloseTo(5.0, within(1e-9));
        assertThat(m.mape()).isCloseTo((5 + 5 + 5 + 5 + 1400) / 5.0, within(1e-9));
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        Metrics m = Metrics.of(new double[] {100, 100, 100, 100}, new double[] {101, 102, 104, 150});
        assertThat(m.medianApe()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void averagingRepetitionsAveragesTheMedianToo() {
        Metrics a = Metrics.of(new double[] {100}, new double[] {110});
        Metrics b = Metrics.of(new double[] {100}, new double[] {130});
        assertThat(Metrics.mean(List.of(a, b)).medianApe()).isCloseTo(20.0, within(1e-9));
    }
}
