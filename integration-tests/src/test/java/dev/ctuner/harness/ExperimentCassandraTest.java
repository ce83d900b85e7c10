package dev.ctuner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExperimentCassandraTest {

    @Test
    void countsTheCoresOfATasksetList() {
        assertThat(ExperimentCassandra.cpuCount("0")).isEqualTo(1);
        assertThat(ExperimentCassandra.cpuCount("0-1")).isEqualTo(2);
        assertThat(ExperimentCassandra.cpuCount("0,2-3")).isEqualTo(3);
        assertThat(ExperimentCassandra.cpuCount("1, 4-7")).isEqualTo(5);
    }
}
