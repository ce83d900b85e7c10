package dev.ctuner.advisor.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A line over a numeric x axis (a learning curve: error against training samples) as data for an
 * inline SVG template, like {@link SvgChart} for time series: points in pixels, ticks with labels, a
 * marker per point with its values for a tooltip. Both axes start at zero, so a flat curve looks flat.
 *
 * <pre>{@code
 * SvgCurve c = SvgCurve.of("Held-out error (MAPE)", List.of(new SvgCurve.Point(24, 14.2), new SvgCurve.Point(96, 8.1)),
 *         x -> x + " samples", y -> y + " %");
 * c.points();   // "64.0,40.1 496.0,120.3"
 * }</pre>
 */
public record SvgCurve(String title, int width, int height, int left, int top, int plotWidth, int plotHeight, String points,
                       List<Marker> markers, List<SvgChart.Tick> yTicks, List<SvgChart.Tick> xTicks) {

    private static final int WIDTH = 560;
    private static final int HEIGHT = 220;
    private static final int LEFT = 64;
    private static final int RIGHT = 20;
    private static final int TOP = 12;
    private static final int BOTTOM = 40;

    /** One point in data units. */
    public record Point(double x, double y) {
    }

    /** A point in pixels with what its tooltip says. */
    public record Marker(double cx, double cy, String label) {
    }

    public static SvgCurve of(String title, List<Point> data, DoubleFunction<String> xLabel, DoubleFunction<String> yLabel) {
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        double xMax = SvgChart.niceCeiling(data.stream().mapToDouble(Point::x).max().orElse(1));
        double yMax = SvgChart.niceCeiling(data.stream().mapToDouble(Point::y).max().orElse(1));
        StringBuilder points = new StringBuilder();
        List<Marker> markers = new ArrayList<>();
        for (Point p : data) {
            double cx = LEFT + plotWidth * p.x() / xMax;
            double cy = TOP + plotHeight * (1 - p.y() / yMax);
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", cx, cy));
            markers.add(new Marker(cx, cy, xLabel.apply(p.x()) + ": " + yLabel.apply(p.y())));
        }
        List<SvgChart.Tick> yTicks = new ArrayList<>();
        List<SvgChart.Tick> xTicks = new ArrayList<>();
        for (int i = 0; i <= 4; i++) {
            yTicks.add(new SvgChart.Tick(TOP + plotHeight * (1 - i / 4.0), yLabel.apply(yMax * i / 4), null, "end"));
            xTicks.add(new SvgChart.Tick(LEFT + plotWidth * i / 4.0, xLabel.apply(xMax * i / 4), null,
                    i == 0 ? "start" : i == 4 ? "end" : "middle"));
        }
        return new SvgCurve(title, WIDTH, HEIGHT, LEFT, TOP, plotWidth, plotHeight, points.toString().strip(), markers, yTicks,
                xTicks);
    }

    /** The bottom of the plot area. */
    public int bottom() {
        return top + plotHeight;
    }
}
