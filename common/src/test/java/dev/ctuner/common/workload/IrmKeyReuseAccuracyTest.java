package dev.ctuner.common.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The estimator against the exact statistics of the same window, for IRM workloads generated here with a fixed
 * seed, fed three kinds of sample: the whole window, a 25% random thinning of it, the first 20% of it.
 */
class IrmKeyReuseAccuracyTest {

    private static final int WINDOW = 60_000;

    private record Pattern(String name, ToLongFunction<RandomGenerator> keys) {
    }

    private record Row(String pattern, String sample, double exact, double estimated, double tolerance) {
        double error() {
            return estimated / exact - 1;
        }
    }

    private final IrmKeyReuseEstimator estimator = new IrmKeyReuseEstimator();

    @Test
    void estimatedMeanTracksTheExactMean() {
        ZipfKeys zipf = new ZipfKeys(100_000, 0.99);
        List<Pattern> patterns = List.of(
                new Pattern("uniform 1k", r -> r.nextLong(1_000)),
                new Pattern("uniform 100k", r -> r.nextLong(100_000)),
                new Pattern("zipf 0.99 100k", zipf::next));
        List<Row> rows = new ArrayList<>();
        Map<String, Double> exactMeans = new LinkedHashMap<>();
        Map<String, Map<String, Double>> estimatedMeans = new LinkedHashMap<>();
        SplittableRandom random = new SplittableRandom(20_170_612);
        for (Pattern pattern : patterns) {
            long[] window = new long[WINDOW];
            for (int i = 0; i < WINDOW; i++) {
                window[i] = pattern.keys().applyAsLong(random);
            }
            double exact = ExactKeyReuse.of(window).mean();
            exactMeans.put(pattern.name(), exact);
            long[] thinned = Arrays.stream(window).filter(k -> random.nextDouble() < 0.25).toArray();
            long[] head = Arrays.copyOf(window, WINDOW / 5);
            Map<String, long[]> samples = new LinkedHashMap<>();
            samples.put("whole window", window);
            samples.put("25% thinned", thinned);
            samples.put("first 20%", head);
            Map<String, Double> estimates = new LinkedHashMap<>();
            samples.forEach((sample, keys) -> {
                double estimated = estimator.estimate(counts(keys), WINDOW).mean();
                estimates.put(sample, estimated);
                rows.add(new Row(pattern.name(), sample, exact, estimated, sample.equals("whole window") ? 0.15 : 0.25));
            });
            estimatedMeans.put(pattern.name(), estimates);
        }
        print(rows);
        for (Row row : rows) {
            assertThat(Math.abs(row.error())).as("%s, %s", row.pattern(), row.sample()).isLessThan(row.tolerance());
        }
        List<String> exactOrder = rankedByValue(exactMeans);
        for (String sample : List.of("whole window", "25% thinned", "first 20%")) {
            Map<String, Double> bySample = new LinkedHashMap<>();
            estimatedMeans.forEach((pattern, estimates) -> bySample.put(pattern, estimates.get(sample)));
            assertThat(rankedByValue(bySample)).as(sample).isEqualTo(exactOrder);
        }
    }

    static Map<Long, Long> counts(long[] keys) {
        Map<Long, Long> counts = new HashMap<>();
        for (long k : keys) {
            counts.merge(k, 1L, Long::sum);
        }
        return counts;
    }

    private static List<String> rankedByValue(Map<String, Double> values) {
        return values.entrySet().stream().sorted(Map.Entry.comparingByValue(Comparator.naturalOrder()))
                .map(Map.Entry::getKey).toList();
    }

    private static void print(List<Row> rows) {
        StringBuilder table = new StringBuilder("\nKRD mean, exact vs IRM estimate (window " + WINDOW + " operations)\n");
        table.append(String.format("%-16s %-13s %10s %10s %8s%n", "pattern", "sample", "exact", "estimate", "error"));
        for (Row r : rows) {
            table.append(String.format("%-16s %-13s %10.1f %10.1f %+7.1f%%%n", r.pattern(), r.sample(), r.exact(),
                    r.estimated(), 100 * r.error()));
        }
        System.out.println(table);
    }
}
