package dev.ctuner.advisor.core.learning;

import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Hand-built samples; not Cassandra results. */
class RepeatedRunsTest {

    private static Sample run(String point, int repetition, double readRatio, double throughput, OptionalDouble p99Read) {
        Provenance p = new Provenance(point + "/r" + repetition, "dataset-v2", point, repetition, Instant.EPOCH,
                Instant.EPOCH.plusSeconds(60), "5.0.9", "test", new Provenance.Hardware(2, 24576, 1024, "m1"));
        return new Sample(Workload.ofReadRatio(readRatio), new PhysicalDesign(1, 1), config("concurrent_reads", 8),
                new Measurements(throughput, p99Read, OptionalDouble.of(900)), p);
    }

    @Test
    void averagesTheRunsOfEachDesignPointInTheOrderFirstSeen() {
        List<Sample> means = RepeatedRuns.means(List.of(
                run("c01@rr0.5", 0, 0.5, 1000, OptionalDouble.of(2000)),
                run("c02@rr1.0", 0, 1.0, 5000, OptionalDouble.of(100)),
                run("c01@rr0.5", 1, 0.5, 1300, OptionalDouble.empty()),
                run("c01@rr0.5", 2, 0.5, 1600, OptionalDouble.of(4000))));
        assertThat(means).hasSize(2);
        Sample first = means.get(0);
        assertThat(first.provenance().designPoint()).isEqualTo("c01@rr0.5");
        assertThat(first.provenance().repetition()).isZero();
        assertThat(first.measured().throughput()).isEqualTo(1300.0);
        assertThat(first.measured().p99ReadUs()).hasValue(3000.0); // the two runs that measured it
        assertThat(first.measured().p99WriteUs()).hasValue(900.0);
        assertThat(means.get(1).measured().throughput()).isEqualTo(5000.0);
    }

    @Test
    void refusesRepetitionsThatMeasuredDifferentThings() {
        assertThatThrownBy(() -> RepeatedRuns.means(List.of(
                run("c01@rr0.5", 0, 0.5, 1000, OptionalDouble.empty()),
                run("c01@rr0.5", 1, 0.6, 1000, OptionalDouble.empty()))))
                .hasMessageContaining("c01@rr0.5").hasMessageContaining("differ in workload or configuration");
    }

    @Test
    void theScatterAveragesEachPointsCoefficientOfVariationAndSkipsSingleRuns() {
        RepeatedRuns.Scatter s = RepeatedRuns.scatter(List.of(
                run("c01@rr0.5", 0, 0.5, 900, OptionalDouble.of(2000)),
                run("c01@rr0.5", 1, 0.5, 1000, OptionalDouble.empty()),
                run("c01@rr0.5", 2, 0.5, 1100, OptionalDouble.of(2000)),   // SD 100 over 1000
                run("c02@rr1.0", 0, 1.0, 5000, OptionalDouble.of(100)),     // one run: no scatter
                run("c03@rr0.1", 0, 0.1, 1500, OptionalDouble.of(100)),
                run("c03@rr0.1", 1, 0.1, 2500, OptionalDouble.of(100))),   // SD 707 over 2000
                Target.THROUGHPUT).orElseThrow();
        assertThat(s.points()).isEqualTo(2);
        assertThat(s.runsPerPoint()).isEqualTo(2.5);
        assertThat(s.meanCv()).isCloseTo((0.1 + Math.sqrt(0.5) * 1000 / 2000) / 2, within(1e-12));
        assertThat(s.sdOfMean()).isCloseTo(s.meanCv() / Math.sqrt(2.5), within(1e-12));
        // p99 read: only one run of c01 measured it, so no point has two
        assertThat(RepeatedRuns.scatter(List.of(run("c01@rr0.5", 0, 0.5, 900, OptionalDouble.of(2000)),
                run("c01@rr0.5", 1, 0.5, 900, OptionalDouble.empty())), Target.P99_READ)).isEmpty();
    }
}
