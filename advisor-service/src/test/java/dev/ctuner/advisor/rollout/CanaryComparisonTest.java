package dev.ctuner.advisor.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanaryComparisonTest {

    static final Instant T = Instant.parse("2026-11-20T10:00:00Z");

    @Test
    void aCanaryWithinTheRatioPassesAndOneFarAboveFails() {
        var others = Map.of("n2", List.of(Views.sample(T, 1000.0, 500.0, 0L, Map.of())),
                "n3", List.of(Views.sample(T, 1200.0, 700.0, 0L, Map.of())));
        var ok = CanaryComparison.compare(List.of(Views.sample(T, 2000.0, 600.0, 0L, Map.of())), others, T, 3.0);
        assertThat(ok.passed()).isTrue();
        assertThat(ok.summary()).contains("read p99 2000 us vs median 1100 us");
        var bad = CanaryComparison.compare(List.of(Views.sample(T, 5000.0, 600.0, 0L, Map.of())), others, T, 3.0);
        assertThat(bad.passed()).isFalse();
    }

    @Test
    void samplesFromBeforeTheChangeDoNotCountAndAnUnmeasuredCanaryIsNotPassed() {
        var others = Map.of("n2", List.of(Views.sample(T, 1000.0, 500.0, 0L, Map.of())));
        var verdict = CanaryComparison.compare(List.of(Views.sample(T.minusSeconds(30), 90000.0, 90000.0, 0L, Map.of())), others, T, 3.0);
        assertThat(verdict.outcome()).isEqualTo(CanaryComparison.Outcome.NO_CANARY_DATA);
        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.summary()).contains("read p99: none from the canary since its change");
    }

    @Test
    void withNoTrafficAnywhereThereIsNothingToCompareAndTheCanaryPasses() {
        var verdict = CanaryComparison.compare(List.of(), Map.of("n2", List.of()), T, 3.0);
        assertThat(verdict.outcome()).isEqualTo(CanaryComparison.Outcome.PASSED);
        assertThat(verdict.summary()).contains("no traffic");
    }
}
