package dev.ctuner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LoopRecoveryOptionsTest {

    @Test
    void theLiveTrapIsTheDefaultAndATableTrapIsParsedAndRepeatedInTheCommandLine() {
        LoopRecoveryOptions live = LoopRecoveryOptions.parse();
        assertThat(live.yamlTrap()).isFalse();
        assertThat(live.tableTrap()).isFalse();
        assertThat(live.commandLine()).endsWith("--trap-read-threads 2");

        LoopRecoveryOptions table = LoopRecoveryOptions.parse("--trap-table", "compression.class=ZstdCompressor, compression.chunk_length_in_kb=256",
                "--settle-seconds", "30", "--read", "0.95");
        assertThat(table.tableTrap()).isTrue();
        assertThat(table.trapTable()).isEqualTo(Map.of("compression.class", "ZstdCompressor", "compression.chunk_length_in_kb", "256"));
        assertThat(table.commandLine()).endsWith("--trap-table compression.chunk_length_in_kb=256,compression.class=ZstdCompressor "
                + "--settle-seconds 30");
        assertThat(LoopRecoveryOptions.parse(table.commandLine().substring("scripts/bench-loop-recovery.sh ".length()).split(" ")))
                .isEqualTo(table);
    }

    @Test
    void badArgumentsAreRefusedWithWhatToGive() {
        assertThatThrownBy(() -> LoopRecoveryOptions.parse("--trap-table", "compression.class")).hasMessageContaining("key=value pairs");
        assertThatThrownBy(() -> LoopRecoveryOptions.parse("--trap-table", "compression.class=none", "--trap-yaml", "a=b"))
                .hasMessageContaining("choose one mis-tuning");
        assertThatThrownBy(() -> LoopRecoveryOptions.parse("--pairs", "1")).hasMessageContaining("--pairs ≥ 2");
        assertThatThrownBy(() -> LoopRecoveryOptions.parse("--trap")).hasMessageContaining("missing value after --trap");
        assertThatThrownBy(() -> LoopRecoveryOptions.parse("--trap", "x")).hasMessageContaining("unknown argument --trap");
    }
}
