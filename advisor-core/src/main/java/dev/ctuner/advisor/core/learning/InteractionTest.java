package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.KnobName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import smile.stat.distribution.FDistribution;

/**
 * Pairwise interaction evidence from training data: a two-way ANOVA interaction test on binned
 * knob values, done as a comparison of nested least-squares models so that it holds for the
 * unbalanced cells a space-filling design produces. The additive model has an intercept and
 * one dummy per level of each knob (main effects); the full model has one mean per non-empty
 * cell. F = ((RSS_add − RSS_full)/(p_full − p_add)) / (RSS_full/(n − p_full)). Numeric knobs
 * are binned into {@code bins} equal parts of their unit coordinate (log scale where the catalog
 * says LOG); enumerations and booleans keep their values. Other knobs and the workload are not
 * modelled and count as noise, so pass samples of one workload where possible (RAFIKI Fig. 6
 * shows such an interaction: concurrent writes matter under size-tiered, not leveled).
 *
 * <pre>{@code
 * InteractionTest.test(training, encoder, KnobName.of("compaction.class"),
 *         KnobName.of("concurrent_writes"), Target.THROUGHPUT, 3).pValue();
 * }</pre>
 */
public final class InteractionTest {

    private InteractionTest() {
    }

    public static InteractionResult test(List<Sample> samples, FeatureEncoder encoder, KnobName a, KnobName b,
                                         Target target, int bins) {
        KnobCoordinate ca = coordinate(encoder, a);
        KnobCoordinate cb = coordinate(encoder, b);
        List<int[]> levels = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Sample s : samples) {
            OptionalDouble y = target.observed(s);
            if (y.isEmpty()) {
                continue;
            }
            double[] genes = encoder.toGenes(s.configuration());
            levels.add(new int[] {bin(ca, genes[encoder.knobs().indexOf(a)], bins), bin(cb, genes[encoder.knobs().indexOf(b)], bins)});
            ys.add(target.toModelScale(y.getAsDouble()));
        }
        Map<Integer, Integer> levelsA = indexOf(levels, 0);
        Map<Integer, Integer> levelsB = indexOf(levels, 1);
        Map<Long, Integer> cells = new LinkedHashMap<>();
        for (int[] l : levels) {
            cells.putIfAbsent(((long) l[0] << 32) | l[1], cells.size());
        }
        int n = ys.size();
        int pAdd = 1 + (levelsA.size() - 1) + (levelsB.size() - 1);
        int pFull = cells.size();
        if (levelsA.size() < 2 || levelsB.size() < 2 || pFull <= pAdd || n <= pFull) {
            return new InteractionResult(a, b, n, pFull, 0, 1, 0);
        }
        double[] y = ys.stream().mapToDouble(Double::doubleValue).toArray();
        double[][] additive = new double[n][pAdd];
        double[][] full = new double[n][pFull];
        for (int r = 0; r < n; r++) {
            int[] l = levels.get(r);
            additive[r][0] = 1;
            int ia = levelsA.get(l[0]);
            int ib = levelsB.get(l[1]);
            if (ia > 0) {
                additive[r][ia] = 1;
            }
            if (ib > 0) {
                additive[r][levelsA.size() - 1 + ib] = 1;
            }
            full[r][cells.get(((long) l[0] << 32) | l[1])] = 1;
        }
        double rssAdd = LeastSquares.residualSumOfSquares(additive, y);
        double rssFull = LeastSquares.residualSumOfSquares(full, y);
        double sst = totalSumOfSquares(y);
        int df1 = pFull - pAdd;
        int df2 = n - pFull;
        double f = rssFull <= 0 ? (rssAdd > 0 ? Double.POSITIVE_INFINITY : 0) : ((rssAdd - rssFull) / df1) / (rssFull / df2);
        double p = Double.isInfinite(f) ? 0 : Math.max(0, 1 - new FDistribution(df1, df2).cdf(Math.max(0, f)));
        double gain = sst == 0 ? 0 : (rssAdd - rssFull) / sst;
        return new InteractionResult(a, b, n, pFull, f, p, gain);
    }

    private static KnobCoordinate coordinate(FeatureEncoder encoder, KnobName knob) {
        int i = encoder.knobs().indexOf(knob);
        if (i < 0) {
            throw new IllegalArgumentException(knob + " is not among the encoder's knobs " + encoder.knobs());
        }
        return encoder.coordinates().get(i);
    }

    private static int bin(KnobCoordinate c, double unit, int bins) {
        if (c.isChoice()) {
            return c.choiceIndex(c.fromUnit(unit));
        }
        if (c.knob().type() == dev.ctuner.common.catalog.ValueType.BOOLEAN) {
            return unit >= 0.5 ? 1 : 0;
        }
        return Math.min(bins - 1, (int) Math.floor(unit * bins));
    }

    private static Map<Integer, Integer> indexOf(List<int[]> levels, int column) {
        Map<Integer, Integer> index = new java.util.TreeMap<>();
        levels.forEach(l -> index.putIfAbsent(l[column], 0));
        int i = 0;
        for (Map.Entry<Integer, Integer> e : index.entrySet()) {
            e.setValue(i++);
        }
        return index;
    }

    private static double totalSumOfSquares(double[] y) {
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= y.length;
        double s = 0;
        for (double v : y) {
            s += (v - mean) * (v - mean);
        }
        return s;
    }
}
