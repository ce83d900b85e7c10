package dev.ctuner.advisor.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The planner benchmark main runs end to end on tiny settings (smoke only; no numbers kept). */
class PlannerBenchmarkSmokeTest {

    @Test
    void printsDpAndGaColumns() {
        String out = PlannerBenchmark.run(new String[] {"--steps", "20", "--candidates", "4", "--reps", "2", "--ga-reps", "1",
                "--ga-population", "10", "--ga-generations", "5"});
        assertThat(out).contains("| 4 |", "GA value / DP value", "DP ms");
    }
}
