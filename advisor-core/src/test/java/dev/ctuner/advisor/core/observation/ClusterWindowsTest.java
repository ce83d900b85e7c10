package dev.ctuner.advisor.core.observation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.advisor.core.forecast.Operation;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.OperationCounts;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterWindowsTest {

    static final Duration STEP = Duration.ofSeconds(30);
    static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");   // a multiple of 30 s
    static final NodeId N1 = new NodeId("n1");
    static final NodeId N2 = new NodeId("n2");

    static NodeWindow w(NodeId node, Instant start, long seconds, long reads, long writes, Double ops, Double p99r,
                        Double p99w, String fp) {
        return new NodeWindow(node, start, start.plusSeconds(seconds), new OperationCounts(reads, writes, 0, 0, 0), ops, p99r,
                p99w, fp);
    }

    @Test
    void nodesOfOneStepAreSummedWeightedByOperationsWithTheWorstP99() {
        // n1 mostly reads a lot, n2 writes a little; windows shifted by a few seconds between nodes
        List<ClusterWindow> out = ClusterWindows.aggregate(List.of(
                w(N1, T0.plusSeconds(2), 30, 9000, 1000, 333.0, 800.0, 500.0, "a"),
                w(N2, T0.minusSeconds(3), 30, 0, 1000, 33.0, 1200.0, 400.0, "a")), STEP);
        assertThat(out).singleElement().satisfies(c -> {
            assertThat(c.start()).isEqualTo(T0);
            assertThat(c.end()).isEqualTo(T0.plus(STEP));
            assertThat(c.nodes()).containsExactly(N1, N2);
            assertThat(c.operations()).isEqualTo(new OperationCounts(9000, 2000, 0, 0, 0));
            assertThat(c.readRatio()).isCloseTo(9000.0 / 11000, within(1e-12));   // not the mean of 0.9 and 0
            assertThat(c.opsPerSecond()).isCloseTo(366.0, within(1e-9));
            assertThat(c.p99ReadMicros()).isEqualTo(1200.0);
            assertThat(c.p99WriteMicros()).isEqualTo(500.0);
            assertThat(c.fingerprints()).containsExactly("a");
            assertThat(c.uniformConfiguration()).isTrue();
            WorkloadVector v = c.workload().orElseThrow();
            assertThat(v.proportion(Operation.READ)).isCloseTo(9000.0 / 11000, within(1e-12));
            assertThat(v.proportion(Operation.UPDATE)).isCloseTo(2000.0 / 11000, within(1e-12));
            assertThat(v.rate()).isCloseTo(366.0, within(1e-9));
        });
    }

    @Test
    void aNodeWithTwoWindowsInAStepCountsOnceTimeWeightedAndTheRateFallsBackToCounts() {
        List<ClusterWindow> out = ClusterWindows.aggregate(List.of(
                w(N1, T0, 10, 100, 0, 10.0, null, null, "a"),
                w(N1, T0.plusSeconds(10), 20, 400, 0, null, null, null, "b")), STEP);
        ClusterWindow c = out.get(0);
        assertThat(c.nodes()).containsExactly(N1);
        // (10/s · 10 s + 400 ops) / 30 s
        assertThat(c.opsPerSecond()).isCloseTo(500.0 / 30, within(1e-9));
        assertThat(c.p99ReadMicros()).isNull();
        assertThat(c.fingerprints()).containsExactly("a", "b");
        assertThat(c.uniformConfiguration()).isFalse();
    }

    @Test
    void stepsAreOrderedOldestFirstAndAnIdleStepHasNoWorkload() {
        List<ClusterWindow> out = ClusterWindows.aggregate(List.of(
                w(N1, T0.plusSeconds(60), 30, 0, 0, 0.0, null, null, "a"),
                w(N1, T0, 30, 50, 50, null, null, null, "a")), STEP);
        assertThat(out).extracting(ClusterWindow::start).containsExactly(T0, T0.plusSeconds(60));
        assertThat(out.get(1).workload()).isEmpty();
        assertThat(out.get(1).readRatio()).isNull();
        assertThat(out.get(0).readRatio()).isEqualTo(0.5);
    }

    @Test
    void theWorkloadSeriesFillsGapsWithThePreviousMixAtRateZero() {
        List<ClusterWindow> windows = ClusterWindows.aggregate(List.of(
                w(N1, T0, 30, 900, 100, 100.0, null, null, "a"),
                w(N1, T0.plusSeconds(90), 30, 100, 900, 50.0, null, null, "a")), STEP);
        WorkloadSeries s = ClusterWindows.toWorkloadSeries(windows, STEP);
        assertThat(s.startSeconds()).isEqualTo(T0.getEpochSecond());
        assertThat(s.stepSeconds()).isEqualTo(30);
        assertThat(s.size()).isEqualTo(4);
        assertThat(s.at(0).proportion(Operation.READ)).isCloseTo(0.9, within(1e-12));
        assertThat(s.at(1).rate()).isZero();
        assertThat(s.at(1).proportion(Operation.READ)).isCloseTo(0.9, within(1e-12));
        assertThat(s.at(2).rate()).isZero();
        assertThat(s.at(3).proportion(Operation.UPDATE)).isCloseTo(0.9, within(1e-12));
        assertThat(s.at(3).rate()).isEqualTo(50.0);
        assertThat(ClusterWindows.toWorkloadSeries(List.of(), STEP).size()).isZero();
    }

    @Test
    void stepsThatAreNotWholeSecondsOrWindowsOfAnotherStepAreRefused() {
        assertThatThrownBy(() -> ClusterWindows.aggregate(List.of(), Duration.ofMillis(1500)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole number of seconds");
        List<ClusterWindow> minute = ClusterWindows.aggregate(List.of(w(N1, T0, 30, 1, 1, null, null, null, "a")),
                Duration.ofMinutes(1));
        assertThatThrownBy(() -> ClusterWindows.toWorkloadSeries(minute, STEP))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("aggregate with the same step");
    }
}
