package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.observation.ObservationService.TimeRange;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The three charts of a cluster page from its series of windows: throughput, p99 latency of reads
 * and writes (the worst node's, as the series aggregates it), and the read ratio.
 *
 * <pre>{@code
 * WorkloadCharts charts = WorkloadCharts.of(observations.series(cluster, range, step), range);
 * }</pre>
 */
public record WorkloadCharts(SvgChart throughput, SvgChart latency, SvgChart readRatio) {

    public static WorkloadCharts of(List<ClusterWindow> series, TimeRange range) {
        // each window is drawn at its midpoint
        List<Instant> times = series.stream().map(w -> w.start().plus(java.time.Duration.between(w.start(), w.end()).dividedBy(2)))
                .toList();
        SvgChart throughput = SvgChart.of("Throughput", range.from(), range.to(), List.of(
                new SvgChart.Series("operations per second", "s1", times,
                        series.stream().map(w -> w.operations().total() == 0 ? null : w.opsPerSecond()).toList())),
                v -> String.format(Locale.ROOT, "%,.0f", v));
        SvgChart latency = SvgChart.of("p99 latency (ms)", range.from(), range.to(), List.of(
                new SvgChart.Series("reads p99", "s1", times, series.stream().map(w -> ms(w.p99ReadMicros())).toList()),
                new SvgChart.Series("writes p99", "s2", times, series.stream().map(w -> ms(w.p99WriteMicros())).toList())),
                WorkloadCharts::millis);
        SvgChart readRatio = SvgChart.of("Read ratio (%)", range.from(), range.to(), List.of(
                new SvgChart.Series("reads", "s1", times,
                        series.stream().map(w -> w.readRatio() == null ? null : w.readRatio() * 100).toList())),
                v -> String.format(Locale.ROOT, "%.0f", v));
        return new WorkloadCharts(throughput, latency, readRatio);
    }

    /** Tick and legend labels of milliseconds: enough digits to tell 0.25 from 0.5, none above 10. */
    static String millis(double v) {
        return String.format(Locale.ROOT, v == 0 ? "0" : v < 1 ? "%.2f" : v < 10 ? "%.1f" : "%,.0f", v);
    }

    private static Double ms(Double micros) {
        return micros == null ? null : micros / 1000;
    }
}
