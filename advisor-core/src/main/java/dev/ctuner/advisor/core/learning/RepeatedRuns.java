package dev.ctuner.advisor.core.learning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Repetitions of one design point made one sample (decision 0010, item 4): a dataset that measures
 * every point several times trains and scores the model against their mean, whose noise is the
 * single run's over the square root of the repetitions.
 *
 * <pre>{@code
 * List<Sample> means = RepeatedRuns.means(csv.anchored().samples());  // one per campaign and design point
 * }</pre>
 */
public final class RepeatedRuns {

    private RepeatedRuns() {
    }

    /**
     * One sample per campaign and design point, in the order their first run appears: the mean
     * throughput of its runs, and the mean of each p99 over the runs that measured it. The sample
     * keeps its first run's provenance. Runs of one design point must share workload and
     * configuration (a campaign's design point names them).
     *
     * @throws IllegalArgumentException when two runs of one design point differ in workload or configuration
     */
    public static List<Sample> means(List<Sample> samples) {
        Map<String, List<Sample>> byPoint = new LinkedHashMap<>();
        for (Sample s : samples) {
            byPoint.computeIfAbsent(pointOf(s), k -> new ArrayList<>()).add(s);
        }
        List<Sample> out = new ArrayList<>(byPoint.size());
        byPoint.forEach((point, runs) -> out.add(mean(point, runs)));
        return List.copyOf(out);
    }

    /**
     * How the runs of one design point scatter: the mean, over the design points with at least two
     * runs that measured the target (above 0), of their coefficient of variation (sample SD over mean,
     * a fraction); with the mean number of such runs per point. Empty when no point has two.
     */
    public static Optional<Scatter> scatter(List<Sample> samples, Target target) {
        Map<String, List<Double>> byPoint = new LinkedHashMap<>();
        for (Sample s : samples) {
            OptionalDouble v = target.observed(s);
            if (v.isPresent() && v.getAsDouble() > 0) {
                byPoint.computeIfAbsent(pointOf(s), k -> new ArrayList<>()).add(v.getAsDouble());
            }
        }
        double cvSum = 0;
        int runs = 0;
        int points = 0;
        for (List<Double> values : byPoint.values()) {
            if (values.size() < 2) {
                continue;
            }
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            double ss = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            cvSum += Math.sqrt(ss / (values.size() - 1)) / mean;
            runs += values.size();
            points++;
        }
        return points == 0 ? Optional.empty() : Optional.of(new Scatter(points, (double) runs / points, cvSum / points));
    }

    /**
     * @param points       design points with at least two runs
     * @param runsPerPoint their mean number of runs
     * @param meanCv       the mean of their coefficients of variation (a fraction)
     */
    public record Scatter(int points, double runsPerPoint, double meanCv) {

        /** The SD of a point's mean from this scatter alone: {@code meanCv / √runsPerPoint}. */
        public double sdOfMean() {
            return meanCv / Math.sqrt(runsPerPoint);
        }
    }

    /** The design point a run belongs to: its campaign and design point ("dataset-v2/c03@rr0.5"). */
    private static String pointOf(Sample s) {
        return s.provenance().campaign() + "/" + s.provenance().designPoint();
    }

    private static Sample mean(String point, List<Sample> runs) {
        Sample first = runs.get(0);
        if (runs.size() == 1) {
            return first;
        }
        double throughput = 0;
        for (Sample s : runs) {
            if (!s.workload().equals(first.workload()) || !s.configuration().equals(first.configuration())) {
                throw new IllegalArgumentException(point + ": runs " + first.provenance().experimentId() + " and "
                        + s.provenance().experimentId() + " differ in workload or configuration; a design point's "
                        + "repetitions must measure the same thing");
            }
            throughput += s.measured().throughput();
        }
        Measurements m = new Measurements(throughput / runs.size(),
                meanOf(runs.stream().map(s -> s.measured().p99ReadUs()).toList()),
                meanOf(runs.stream().map(s -> s.measured().p99WriteUs()).toList()));
        return new Sample(first.workload(), first.design(), first.configuration(), m, first.provenance());
    }

    private static OptionalDouble meanOf(List<OptionalDouble> values) {
        return values.stream().filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).average();
    }
}
