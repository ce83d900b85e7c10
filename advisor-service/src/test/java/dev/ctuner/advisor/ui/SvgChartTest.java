package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.ui.SvgChart.Series;
import dev.ctuner.common.catalog.ApplyMode;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The server-side chart geometry and the confirmation wording, as plain data. */
class SvgChartTest {

    private static final Instant FROM = Instant.parse("2026-12-06T10:00:00Z");
    private static final Instant TO = Instant.parse("2026-12-06T11:00:00Z");

    @Test
    void pointsSpanThePlotAndAMissingValueBreaksTheLine() {
        List<Instant> times = List.of(FROM, FROM.plusSeconds(900), FROM.plusSeconds(1800), TO);
        SvgChart c = SvgChart.of("t", FROM, TO, List.of(new Series("s", "s1", times, Arrays.asList(0.0, 40.0, null, 80.0))),
                v -> String.valueOf((int) v));
        assertThat(c.empty()).isFalse();
        // plot 64..544 x 10..174 px; y scale 0..100, so 40 is at 10 + 164 * 0.6 and 80 at 10 + 164 * 0.2
        assertThat(c.lines().get(0).segments()).containsExactly("64.0,174.0 184.0,108.4", "544.0,42.8");
        assertThat(c.lines().get(0).latest()).isEqualTo("80");
        // y axis up to the next 1-2-5 step above the largest value, x axis the whole range
        assertThat(c.yTicks().get(4).label()).isEqualTo("100");
        assertThat(c.xTicks()).extracting(SvgChart.Tick::label).containsExactly("10:00", "10:15", "10:30", "10:45", "11:00");
        assertThat(c.xTicks().get(0).anchor()).isEqualTo("start");
        assertThat(c.xTicks().get(4).anchor()).isEqualTo("end");
    }

    @Test
    void aChartWithoutValuesSaysSo() {
        SvgChart c = SvgChart.of("t", FROM, TO, List.of(new Series("s", "s1", List.of(FROM), Arrays.asList((Double) null))),
                v -> "x");
        assertThat(c.empty()).isTrue();
        assertThat(c.lines().get(0).segments()).isEmpty();
        assertThat(c.lines().get(0).latest()).isEqualTo("—");
    }

    @Test
    void niceCeilingsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(SvgChart.niceCeiling(0)).isEqualTo(1);
        assertThat(SvgChart.niceCeiling(0.37)).isEqualTo(0.5);
        assertThat(SvgChart.niceCeiling(737)).isEqualTo(1000);
        assertThat(SvgChart.niceCeiling(1200)).isEqualTo(2000);
    }

    @Test
    void theRollbackConfirmationSaysEachNodeRestartsOnlyForARestartChange() {
        assertThat(UiAction.ROLLBACK.consequence(ApplyMode.RESTART))
                .startsWith("Rolls back every node this rollout changed, one at a time; each restarts,");
        assertThat(UiAction.ROLLBACK.consequence(ApplyMode.LIVE)).doesNotContain("restart");
        assertThat(UiAction.APPROVE.consequence(ApplyMode.RESTART))
                .endsWith("When rolled out: each node restarts with the new cassandra.yaml, one round at a time.");
        assertThat(UiAction.find(UiAction.Target.ROLLOUT, "pause")).contains(UiAction.ROLLOUT_PAUSE);
        assertThat(UiAction.find(UiAction.Target.LOOP, "abort")).isEmpty();
    }
}
