package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExperimentPartsTest {

    @Test
    void theWarmUpRuleIsWordedFromTheSetupsOwnValues() {
        assertThat(ExperimentRunner.Setup.defaults().warmUpRule()).isEqualTo("warm-up until 3 intervals of 5 s lie within 5% of "
                + "their mean and the node's JIT compiled for at most 5% of the last interval (20-240 s)");
        assertThat(ExperimentRunner.Setup.defaults().withWarmUp(java.time.Duration.ofSeconds(30), java.time.Duration.ofSeconds(90))
                .warmUpRule()).endsWith("(30-90 s)");
    }

    @Test
    void processTicksAreCountedAfterTheCommandNameEvenWithSpacesAndParentheses() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 40 0 100 3000000 900";
        assertThat(CpuMeter.processTicksOf(stat)).isEqualTo(1234 + 567);
    }

    @Test
    void machineBusyTicksLeaveOutIdleAndIowait() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        assertThat(CpuMeter.machineBusyTicksOf("cpu  100 5 50 9000 300 7 3 2 40 0")).isEqualTo(100 + 5 + 50 + 7 + 3 + 2);
        assertThatThrownBy(() -> CpuMeter.machineBusyTicksOf("cpu0 1 2 3 4")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void usageSplitsTheMachineIntoNodeClientAndTheRest() {
        CpuMeter.Reading a = new CpuMeter.Reading(1_000, 300, 100, 0);
        CpuMeter.Reading b = new CpuMeter.Reading(1_400, 450, 200, 2_000_000_000L); // 2 s later
        CpuMeter.Usage u = b.since(a);
        assertThat(u.machineCores()).isEqualTo(2.0);
        assertThat(u.nodeCores()).isEqualTo(0.75);
        assertThat(u.clientCores()).isEqualTo(0.5);
        assertThat(u.foreignCores()).isEqualTo(0.75);
    }

    @Test
    void tableOptionsBecomeCqlAndRefuseUnknownOrUnsafeValues() {
        assertThat(TableOptions.of(Map.of("compaction.class", "LeveledCompactionStrategy", "compression.class", "none",
                "bloom_filter_fp_chance", "0.1")).cql())
                .isEqualTo("compaction = {'class': 'LeveledCompactionStrategy'} AND compression = {'enabled': 'false'}"
                        + " AND bloom_filter_fp_chance = 0.1");
        assertThat(TableOptions.of(Map.of("compression.chunk_length_in_kb", "4")).cql())
                .isEqualTo("compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '4'}");
        assertThat(TableOptions.of(Map.of("caching.keys", "NONE")).cql())
                .isEqualTo("caching = {'keys': 'NONE', 'rows_per_partition': 'NONE'}");
        assertThat(new Schema("ks").createTableCql(TableOptions.of(Map.of("caching.keys", "NONE"))))
                .endsWith(" WITH caching = {'keys': 'NONE', 'rows_per_partition': 'NONE'}");
        assertThatThrownBy(() -> TableOptions.of(Map.of("concurrent_reads", "8"))).hasMessageContaining("not a table option");
        assertThatThrownBy(() -> TableOptions.of(Map.of("compaction.class", "X'} AND x={'"))).hasMessageContaining("unsafe");
    }

    @Test
    void protocolWorkloadBecomesTheDriversMixAndKeys() {
        WorkloadSpec w = new WorkloadSpec(0.7, 0.2, 0, 0.1, 0, RequestDistribution.UNIFORM, 100, 1000, 4, 1);
        OperationMix mix = ExperimentRunner.mix(w);
        assertThat(mix.proportion(OperationType.READ)).isEqualTo(0.7);
        assertThat(mix.proportion(OperationType.SCAN)).isEqualTo(0.1);
        assertThat(mix.proportion(OperationType.INSERT)).isZero();
        assertThat(ExperimentRunner.keys(w).toString()).isEqualTo(KeyDistribution.uniform().toString());
    }
}
