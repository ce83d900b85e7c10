package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SittingTest {

    private static final Instant NOON = Instant.parse("2026-11-25T12:00:00Z");

    @TempDir
    Path root;

    @Test
    void noRunStartsThatWouldEndWithItsAnchorsAfterTheSittingsEnd() {
        Sitting s = new Sitting(Optional.of(NOON.plus(Duration.ofMinutes(10))), root.resolve(Sitting.STOP_FILE));

        assertThat(s.endBefore(2, Duration.ofMinutes(3), NOON)).isEmpty();
        assertThat(s.endBefore(3, Duration.ofMinutes(3), NOON.plus(Duration.ofMinutes(1)))).isEmpty();   // ends at 12:10 exactly
        assertThat(s.endBefore(3, Duration.ofMinutes(3), NOON.plus(Duration.ofSeconds(61))))
                .hasValueSatisfying(why -> assertThat(why).startsWith("--stop-after: 3 more run(s) of about 180 s would end at "
                        + "2026-11-25T12:10:01Z, after the sitting's end at 2026-11-25T12:10:00Z"));
    }

    @Test
    void anchorRunsCountAtTheirOwnLength() {
        Sitting s = new Sitting(Optional.of(NOON.plus(Duration.ofMinutes(10))), root.resolve(Sitting.STOP_FILE));

        assertThat(s.endBefore(2, Duration.ofMinutes(3), 2, Duration.ofMinutes(2), NOON)).isEmpty();     // ends at 12:10 exactly
        assertThat(s.endBefore(2, Duration.ofMinutes(3), 2, Duration.ofMinutes(2), NOON.plus(Duration.ofSeconds(1))))
                .hasValueSatisfying(why -> assertThat(why).startsWith("--stop-after: 2 more run(s) of about 180 s and "
                        + "2 anchor(s) of about 120 s would end at 2026-11-25T12:10:01Z, after the sitting's end at "
                        + "2026-11-25T12:10:00Z"));
    }

    @Test
    void theStopFileEndsASittingWithOrWithoutALimitAndANewStartRemovesIt() throws Exception {
        Sitting unlimited = new Sitting(Optional.empty(), root.resolve(Sitting.STOP_FILE));
        assertThat(unlimited.endBefore(1000, Duration.ofHours(1), NOON)).isEmpty();

        Files.createDirectories(root.resolve("run"));
        Files.writeString(root.resolve(Sitting.STOP_FILE), "");

        assertThat(unlimited.endBefore(1, Duration.ZERO, NOON)).hasValueSatisfying(why -> assertThat(why).contains("stop file"));
        assertThat(unlimited.clearStopFile()).isTrue();
        assertThat(unlimited.endBefore(1, Duration.ZERO, NOON)).isEmpty();
        assertThat(unlimited.clearStopFile()).isFalse();
    }

    @Test
    void stopAfterCountsFromTheStartOfTheCampaignProcessAndZeroMeansNoLimit() {
        Sitting limited = Sitting.of(new String[] {"training", "--stop-after", "90"}, root);
        Instant jvmStart = Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());

        assertThat(limited.deadline()).contains(jvmStart.plus(Duration.ofMinutes(90)));
        assertThat(limited.stopFile()).isEqualTo(root.resolve("run/campaign.stop"));
        assertThat(Sitting.of(new String[] {"training", "--stop-after", "0"}, root).deadline()).isEmpty();
        assertThat(Sitting.of(new String[] {"training"}, root).deadline()).isEmpty();
        assertThatThrownBy(() -> Sitting.of(new String[] {"training", "--stop-after", "soon"}, root))
                .hasMessage("--stop-after takes a whole number, got 'soon'");
    }
}
