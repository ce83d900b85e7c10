package dev.ctuner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.message.CommandPhase;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The rollout benchmark's arguments, statistics and report, without any server. */
class RolloutBenchmarkTest {

    @Test
    void defaultsAndEveryOption() {
        RolloutBenchmark.Options defaults = RolloutBenchmark.Options.parse();
        assertThat(defaults.repetitions()).isEqualTo(3);
        assertThat(defaults.out()).isEqualTo(Path.of("docs/benchmarks/rollout.md"));
        assertThat(defaults.canaryWindow()).isEqualTo(Duration.ofSeconds(30));
        RolloutBenchmark.Options o = RolloutBenchmark.Options.parse("--repetitions", "5", "--out", "/tmp/r.md", "--values", "80MiB,100MiB",
                "--canary-window", "15s");
        assertThat(o).isEqualTo(new RolloutBenchmark.Options(5, Path.of("/tmp/r.md"), List.of("80MiB", "100MiB"), Duration.ofSeconds(15)));
        assertThat(o.commandLine()).isEqualTo("scripts/bench-rollout.sh --repetitions 5 --values 80MiB,100MiB --canary-window 15s");
    }

    @Test
    void everyRepetitionIsARealChange() {
        RolloutBenchmark.Options o = RolloutBenchmark.Options.parse();
        assertThat(o.next("128MiB")).isEqualTo("96MiB");
        assertThat(o.next("96MiB")).isEqualTo("112MiB");
        assertThat(o.next("112MiB")).isEqualTo("96MiB");
    }

    @Test
    void badArgumentsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> RolloutBenchmark.Options.parse("--cycles", "3")).hasMessageContaining("unknown argument --cycles");
        assertThatThrownBy(() -> RolloutBenchmark.Options.parse("--repetitions")).hasMessageContaining("missing value");
        assertThatThrownBy(() -> RolloutBenchmark.Options.parse("--repetitions", "0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> RolloutBenchmark.Options.parse("--values", "96MiB,96MiB")).hasMessageContaining("two different");
        assertThatThrownBy(() -> RolloutBenchmark.Options.parse("--repetitions", "x")).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void statsAreMeanSampleSdMinMax() {
        BenchStats s = BenchStats.of(List.of(70.0, 74.0, 78.0));
        assertThat(s.mean()).isEqualTo(74.0);
        assertThat(s.sd()).isEqualTo(4.0);
        assertThat(s.format("s")).isEqualTo("mean 74.0 s, sd 4.0 s, min 70.0 s, max 78.0 s (n=3)");
        assertThat(BenchStats.of(List.of(5.0)).sd()).isZero();
    }

    @Test
    void instantsReadAsTextOrEpochSeconds() {
        JsonMapper json = JsonMapper.builder().build();
        assertThat(RolloutBenchmark.instant(json.readTree("\"2026-01-01T10:00:00.5Z\""))).isEqualTo(Instant.parse("2026-01-01T10:00:00.5Z"));
        assertThat(RolloutBenchmark.instant(json.readTree("1767261600.25"))).isEqualTo(Instant.parse("2026-01-01T10:00:00.25Z"));
    }

    @Test
    void theReportHasTheCommandEachRepetitionTheSummaryAndTheTarget() throws Exception {
        Map<CommandPhase, Long> phases = Map.of(CommandPhase.DRAINED, 4000L, CommandPhase.STOPPED, 500L, CommandPhase.STARTED, 8000L,
                CommandPhase.SYNCED, 2500L);
        List<RolloutBenchmark.NodeTiming> nodes = List.of(new RolloutBenchmark.NodeTiming("127.0.0.1", 0, true, phases, 16.0, 31.0),
                new RolloutBenchmark.NodeTiming("127.0.0.2", 1, false, phases, 16.0, 1.0));
        String md = RolloutBenchmark.report(RolloutBenchmark.Options.parse("--repetitions", "2"), List.of(
                new RolloutBenchmark.Repetition(1, "128MiB", "96MiB", 80.0, 31.0, nodes),
                new RolloutBenchmark.Repetition(2, "96MiB", "112MiB", 100.0, 31.0, nodes)), "5.0.9");
        assertThat(md).contains("Command: `scripts/bench-rollout.sh --repetitions 2 --values 96MiB,112MiB --canary-window 30s`")
                .contains("| 1 | 128MiB → 96MiB | 80.0 | 31.0 | 15.0 |")
                .contains("| 2 | 0 | 127.0.0.1 (canary) | 4.0 | 0.5 | 8.0 | 2.5 | 15.0 | 16.0 | 31.0 |")
                .contains("Rollout time: mean 90.0 s, sd 14.1 s, min 80.0 s, max 100.0 s (n=2)")
                .contains("met on average, not in every repetition")
                .contains("cores");
    }
}
