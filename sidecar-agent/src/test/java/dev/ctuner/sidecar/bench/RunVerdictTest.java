package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.message.ExperimentQuality;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunVerdictTest {

    private static final Duration LIMIT = Duration.ofMinutes(15);

    @Test
    void aCleanQuietWindowIsOk() {
        List<String> notes = RunVerdict.measuredWindow(0, Map.of(), 5_000, 5_000, LIMIT, true, 0.02, 0.10);
        assertThat(notes).isEmpty();
        assertThat(RunVerdict.quality(true, notes)).isEqualTo(ExperimentQuality.OK);
    }

    @Test
    void otherProcessesUsingCpuMakeTheRunNoisyNotFaulted() {
        List<String> notes = RunVerdict.measuredWindow(0, Map.of(), 5_000, 5_000, LIMIT, true, 0.35, 0.10);
        assertThat(notes).singleElement().asString().contains("0.35 cores", "limit 0.10");
        assertThat(RunVerdict.quality(true, notes)).isEqualTo(ExperimentQuality.NOISY);
    }

    @Test
    void failedOperationsADeadNodeOrAnUnfinishedRunAreFaults() {
        assertThat(RunVerdict.quality(true, RunVerdict.measuredWindow(3, Map.of("WriteTimeoutException", 3L), 5_000, 5_000,
                LIMIT, true, 0, 0.10))).isEqualTo(ExperimentQuality.FAULTED);
        assertThat(RunVerdict.quality(true, RunVerdict.measuredWindow(0, Map.of(), 4_000, 5_000, LIMIT, true, 0, 0.10)))
                .isEqualTo(ExperimentQuality.FAULTED);
        List<String> dead = RunVerdict.measuredWindow(0, Map.of(), 5_000, 5_000, LIMIT, false, 0.5, 0.10);
        assertThat(dead).hasSize(2);
        assertThat(RunVerdict.quality(true, dead)).as("a fault outweighs noise").isEqualTo(ExperimentQuality.FAULTED);
    }

    @Test
    void aRunWithoutAMeasuredWindowIsFaultedWhateverItsNotesSay() {
        assertThat(RunVerdict.quality(false, List.of(RunVerdict.NODE_DID_NOT_START + ": bti"))).isEqualTo(ExperimentQuality.FAULTED);
        assertThat(RunVerdict.quality(true, List.of("compactions still pending 300 s after the load")))
                .isEqualTo(ExperimentQuality.NOISY);
    }
}
