package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.common.catalog.KnobName;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScreeningReportTest {

    private static List<KnobName> knobs(String... names) {
        return java.util.Arrays.stream(names).map(KnobName::of).toList();
    }

    @Test
    void trainingKnobsAreTheThroughputTopKThenWhatBothLatencyTargetsRankHigh() {
        Map<Target, List<KnobName>> topK = Map.of(
                Target.THROUGHPUT, knobs("a", "b"),
                Target.P99_READ, knobs("c", "b", "d", "e"),
                Target.P99_WRITE, knobs("e", "c", "f"));

        assertThat(ScreeningReport.trainingKnobs(topK)).containsExactlyElementsOf(knobs("a", "b", "c", "e"));
    }
}
