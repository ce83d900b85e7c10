package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnchorsTest {

    @Test
    void machineTimeCountsEveryRunOfTheFileAnchorsAndRejectedRunsIncluded() {
        List<Map<String, String>> rows = List.of(
                Map.of("wall_seconds", "1800", "machine", "boot-a", "started_at", "2026-11-24T07:25:47.911Z",
                        "finished_at", "2026-11-24T07:26:05.269Z", "quality", "OK"),
                Map.of("wall_seconds", "3600", "machine", "boot-b", "started_at", "2026-11-25T09:00:00Z",
                        "finished_at", "2026-11-25T10:02:03Z", "quality", "NOISY"),
                Map.of("wall_seconds", "1800", "machine", "boot-b", "started_at", "2026-11-25T08:00:00Z",
                        "finished_at", "2026-11-25T08:30:00Z", "quality", "OK"));

        assertThat(Anchors.machineTime(rows)).isEqualTo("Machine time: 2.0 h of runs (3 runs, anchors and runs not kept "
                + "included; node restarts, loading and warm-up are part of every run) on 2 machine(s), between "
                + "2026-11-24 07:25 UTC and 2026-11-25 10:02 UTC.");
        assertThat(Anchors.machineTime(List.of())).isEqualTo("Machine time: nothing measured yet.");
    }
}
