package dev.ctuner.advisor.ui;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A line chart as data for an inline SVG template: polyline points already in pixels, axis ticks with
 * their labels. Rendered on the server, so no chart library and no script is needed; a missing value
 * breaks the line instead of drawing it to zero.
 *
 * <pre>{@code
 * SvgChart c = SvgChart.of("Throughput", from, to, List.of(new Series("ops/s", "s1", times, values)), v -> v + " ops/s");
 * c.lines().get(0).segments();   // ["40.0,120.5 46.2,118.0 ...", ...]
 * }</pre>
 */
public record SvgChart(String title, int width, int height, int left, int top, int plotWidth, int plotHeight,
                       List<Line> lines, List<Tick> yTicks, List<Tick> xTicks, boolean empty) {

    static final int WIDTH = 560;
    static final int HEIGHT = 200;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 10;
    private static final int BOTTOM = 26;
    private static final DateTimeFormatter HOUR_MINUTE = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);

    /** One named series: values at times, a value may be null (no data in that step). */
    public record Series(String name, String cssClass, List<Instant> times, List<Double> values) {
    }

    /** A series in pixels: one point list per unbroken run of values. */
    public record Line(String name, String cssClass, List<String> segments, String latest) {
    }

    /**
     * A tick: its position in pixels, its label, for time ticks the instant (ISO) for the browser's time
     * zone, and how the label is anchored (the first and last time labels stay inside the chart).
     */
    public record Tick(double at, String label, String iso, String anchor) {
    }

    public static SvgChart of(String title, Instant from, Instant to, List<Series> series, DoubleFunction<String> label) {
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        double max = 0;
        boolean any = false;
        for (Series s : series) {
            for (Double v : s.values()) {
                if (v != null && Double.isFinite(v)) {
                    max = Math.max(max, v);
                    any = true;
                }
            }
        }
        double top = niceCeiling(max);
        double span = Math.max(1, to.toEpochMilli() - from.toEpochMilli());
        List<Line> lines = new ArrayList<>();
        for (Series s : series) {
            List<String> segments = new ArrayList<>();
            StringBuilder run = new StringBuilder();
            String latest = "—";
            for (int i = 0; i < s.values().size(); i++) {
                Double v = s.values().get(i);
                if (v == null || !Double.isFinite(v)) {
                    flush(run, segments);
                    continue;
                }
                double x = LEFT + plotWidth * (s.times().get(i).toEpochMilli() - from.toEpochMilli()) / span;
                double y = TOP + plotHeight * (1 - v / top);
                run.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                latest = label.apply(v);
            }
            flush(run, segments);
            lines.add(new Line(s.name(), s.cssClass(), segments, latest));
        }
        List<Tick> yTicks = new ArrayList<>();
        for (int i = 0; i <= 4; i++) {
            double value = top * i / 4;
            yTicks.add(new Tick(TOP + plotHeight * (1 - i / 4.0), label.apply(value), null, "end"));
        }
        List<Tick> xTicks = new ArrayList<>();
        for (int i = 0; i <= 4; i++) {
            Instant at = Instant.ofEpochMilli(from.toEpochMilli() + Math.round(span * i / 4));
            xTicks.add(new Tick(LEFT + plotWidth * i / 4.0, HOUR_MINUTE.format(at), at.toString(),
                    i == 0 ? "start" : i == 4 ? "end" : "middle"));
        }
        return new SvgChart(title, WIDTH, HEIGHT, LEFT, TOP, plotWidth, plotHeight, lines, yTicks, xTicks, !any);
    }

    private static void flush(StringBuilder run, List<String> segments) {
        if (!run.isEmpty()) {
            segments.add(run.toString().strip());
            run.setLength(0);
        }
    }

    /** The smallest 1, 2 or 5 × 10^k at least {@code max} (1 when there is nothing to show). */
    static double niceCeiling(double max) {
        if (!(max > 0)) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * magnitude >= max) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /** The bottom of the plot area, for the x axis line and labels. */
    public int bottom() {
        return top + plotHeight;
    }
}
