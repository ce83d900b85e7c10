package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * An estimate of the noise in a dataset's values from how far each one lies off the line through
 * its two neighbours in read ratio, for the same configuration (decision 0010, amendment of
 * session 65). Where a configuration's true response is straight between neighbouring read ratios,
 * the residual {@code (y − ŷ) / ŷ} of the straight-line guess {@code ŷ = (1 − w)·y_a + w·y_b} has
 * variance of about {@code s²·(1 + (1 − w)² + w²)} for independent errors of relative SD {@code s}
 * (exact when the neighbours are equal; otherwise it overstates {@code s} slightly). Any real bend
 * between neighbours counts as noise too, so the estimate errs upward: an upper bound in that sense,
 * not a strict one (errors that neighbours share, such as one machine for both, escape it). The run
 * scatter within a point errs downward, since it misses what differs between sittings.
 *
 * <p>Only RAFIKI's one-dimensional workloads take part (reads and updates, nothing else); values at
 * one read ratio of one configuration (several runs) are averaged first.
 *
 * <pre>{@code
 * ReadRatioSmoothness.of(RepeatedRuns.means(samples), Target.THROUGHPUT)
 *         .ifPresent(e -> e.pointSd());   // 0.139: a point's value scatters about 14% around the truth
 * }</pre>
 */
public final class ReadRatioSmoothness {

    /**
     * @param residuals        interior points that had a neighbour on each side
     * @param configurations   configurations with at least one such point
     * @param rmsResidual      root mean square of the relative residuals (a fraction)
     * @param pointSd          the relative SD of one value implied when the response is straight (a fraction)
     * @param expectedAbsError the mean absolute % error a perfect model would show against such values,
     *                         {@code pointSd · √(2/π)}, as a fraction
     */
    public record Estimate(int residuals, int configurations, double rmsResidual, double pointSd,
                           double expectedAbsError) {
    }

    private ReadRatioSmoothness() {
    }

    /** The estimate for one target, or empty when no configuration has three read ratios with that target measured. */
    public static Optional<Estimate> of(List<Sample> samples, Target target) {
        Map<Group, TreeMap<Double, List<Double>>> curves = new LinkedHashMap<>();
        for (Sample s : samples) {
            Workload w = s.workload();
            OptionalDouble value = target.observed(s);
            if (value.isEmpty() || !(value.getAsDouble() > 0)
                    || w.insertProportion() != 0 || w.scanProportion() != 0 || w.rmwProportion() != 0) {
                continue;
            }
            curves.computeIfAbsent(new Group(s.configuration(), s.design(), w.distribution()), g -> new TreeMap<>())
                    .computeIfAbsent(round(w.readProportion()), r -> new ArrayList<>()).add(value.getAsDouble());
        }
        double sumSquares = 0;
        double sumScaled = 0;
        int n = 0;
        int configurations = 0;
        for (TreeMap<Double, List<Double>> curve : curves.values()) {
            List<Double> x = new ArrayList<>(curve.keySet());
            List<Double> y = curve.values().stream().map(v -> v.stream().mapToDouble(Double::doubleValue).average().orElseThrow()).toList();
            if (x.size() >= 3) {
                configurations++;
            }
            for (int i = 1; i + 1 < x.size(); i++) {
                double w = (x.get(i) - x.get(i - 1)) / (x.get(i + 1) - x.get(i - 1));
                double line = (1 - w) * y.get(i - 1) + w * y.get(i + 1);
                double r = (y.get(i) - line) / line;
                sumSquares += r * r;
                sumScaled += r * r / (1 + (1 - w) * (1 - w) + w * w);
                n++;
            }
        }
        if (n == 0) {
            return Optional.empty();
        }
        double pointSd = Math.sqrt(sumScaled / n);
        return Optional.of(new Estimate(n, configurations, Math.sqrt(sumSquares / n), pointSd,
                Metrics.meanAbsOfNormal(pointSd)));
    }

    private static double round(double readProportion) {
        return Math.round(readProportion * 1000) / 1000.0;
    }

    private record Group(Configuration configuration, PhysicalDesign design, String distribution) {
    }
}
