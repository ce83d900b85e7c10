package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFileTest {

    private static final LoadControl DEFAULT_LOAD = LoadControl.closed(8);

    private static Schedule parse(String... lines) {
        return TraceFile.parse(List.of(lines), "t.csv", KeyDistribution.latest(), DEFAULT_LOAD);
    }

    @Test
    void readsPhasesWithAndWithoutRates() {
        Schedule s = parse(
                "# a compressed day",
                "duration_seconds,read,update,insert,scan,rmw,rate",
                "",
                "60,0.95,0.05,0,0,0,500",
                "  1.5 , 0.2, 0.7, 0.1, 0, 0 ",
                "30,0,0,0,0.5,0.5,");
        assertThat(s.phases()).hasSize(3);
        Phase first = s.phases().get(0);
        assertThat(first.name()).isEqualTo("trace line 4");
        assertThat(first.stop()).isEqualTo(StopCondition.duration(Duration.ofSeconds(60)));
        assertThat(first.mix()).isEqualTo(OperationMix.builder().read(0.95).update(0.05).build());
        assertThat(first.load()).isEqualTo(LoadControl.open(500, 8));
        assertThat(first.keys()).isEqualTo(KeyDistribution.latest());
        Phase second = s.phases().get(1);
        assertThat(second.stop().maxDuration()).isEqualTo(Duration.ofMillis(1500));
        assertThat(second.mix().proportion(OperationType.INSERT)).isEqualTo(0.1);
        assertThat(second.load()).isEqualTo(DEFAULT_LOAD);
        assertThat(s.phases().get(2).mix().proportion(OperationType.READ_MODIFY_WRITE)).isEqualTo(0.5);
        assertThat(s.phases().get(2).load()).isEqualTo(DEFAULT_LOAD);
    }

    @Test
    void reportsTheLineOfAWrongColumnCount() {
        assertThatThrownBy(() -> parse("duration_seconds,read,update,insert,scan,rmw", "10,1,0,0,0,0", "10,1,0,0"))
                .isInstanceOfSatisfying(TraceFile.TraceFormatException.class,
                        e -> assertThat(e.lineNumber()).isEqualTo(3))
                .hasMessage("t.csv line 3: expected 6 or 7 comma-separated values "
                        + "(duration_seconds,read,update,insert,scan,rmw[,rate]), got 4: '10,1,0,0'");
    }

    @Test
    void reportsNonNumbers() {
        assertThatThrownBy(() -> parse("10,1,0,0,0,0", "# ok", "20,0.5,half,0,0,0"))
                .hasMessage("t.csv line 3: update is not a number: 'half'");
        assertThatThrownBy(() -> parse("ten,1,0,0,0,0")).hasMessage("t.csv line 1: duration_seconds is not a number: 'ten'");
        assertThatThrownBy(() -> parse("10,1,0,0,0,0,fast")).hasMessage("t.csv line 1: rate is not a number: 'fast'");
    }

    @Test
    void reportsBadValues() {
        assertThatThrownBy(() -> parse("0,1,0,0,0,0")).hasMessage("t.csv line 1: duration_seconds must be > 0, got 0");
        assertThatThrownBy(() -> parse("10,1,0,0,0,0", "10,0.5,0.6,0,0,0"))
                .isInstanceOfSatisfying(TraceFile.TraceFormatException.class,
                        e -> assertThat(e.lineNumber()).isEqualTo(2))
                .hasMessageContaining("t.csv line 2: operation proportions must sum to 1")
                .hasMessageContaining("sums to 1.1");
        assertThatThrownBy(() -> parse("10,1.5,-0.5,0,0,0")).hasMessageContaining("t.csv line 1: proportion of update");
        assertThatThrownBy(() -> parse("10,1,0,0,0,0,0")).hasMessageContaining("t.csv line 1: open-loop rate");
    }

    @Test
    void rejectsATraceWithoutPhases() {
        assertThatThrownBy(() -> parse("# nothing", "duration_seconds,read,update,insert,scan,rmw"))
                .hasMessageContaining("t.csv has no phases");
    }

    @Test
    void readsAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("trace.csv");
        Files.writeString(file, "5,0.5,0.5,0,0,0,100\n5,1,0,0,0,0\n");
        Schedule s = TraceFile.read(file, KeyDistribution.uniform(), DEFAULT_LOAD);
        assertThat(s.phases()).hasSize(2);
        assertThatThrownBy(() -> TraceFile.read(dir.resolve("missing.csv"), KeyDistribution.uniform(), DEFAULT_LOAD))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining("cannot read trace");
    }
}
