package dev.ctuner.advisor.core.experiment;

import java.util.SplittableRandom;

/**
 * Spearman's rank correlation with a two-sided permutation p-value: do two orderings of the same
 * items agree (a model's ranking of configurations against the measured one)? Ties get mid-ranks.
 * The p-value is exact (every permutation) up to {@value #EXACT_UP_TO} items, and estimated from
 * seeded random permutations above, so it is reproducible.
 *
 * <pre>{@code
 * RankCorrelation r = RankCorrelation.spearman(new double[] {1, 2, 3, 4, 5}, new double[] {2, 1, 4, 3, 5}, 1);
 * r.rho();   // 0.8
 * r.p();     // 0.133 (exact: 16 of 120 permutations lie at least as far from 0)
 * }</pre>
 *
 * @param permutations how many permutations the p-value counts (n! when exact)
 */
public record RankCorrelation(double rho, double p, int n, long permutations, boolean exact) {

    static final int EXACT_UP_TO = 8;
    static final int RANDOM_PERMUTATIONS = 20_000;

    public static RankCorrelation spearman(double[] x, double[] y, long seed) {
        if (x.length != y.length || x.length < 3) {
            throw new IllegalArgumentException("need two equally long series of at least 3 values, got "
                    + x.length + " and " + y.length);
        }
        double[] rx = MannWhitney.ranks(x);
        double[] ry = MannWhitney.ranks(y);
        double rho = pearson(rx, ry);
        if (Double.isNaN(rho)) {
            throw new IllegalArgumentException("a series with all values equal has no ranking");
        }
        int n = x.length;
        double[] shuffled = ry.clone();
        long atLeast = 0;
        long count = 0;
        double bar = Math.abs(rho) - 1e-12;
        if (n <= EXACT_UP_TO) {
            int[] c = new int[n];
            // Heap's algorithm: every permutation of shuffled once
            count = 1;
            atLeast += Math.abs(pearson(rx, shuffled)) >= bar ? 1 : 0;
            int i = 0;
            while (i < n) {
                if (c[i] < i) {
                    swap(shuffled, i % 2 == 0 ? 0 : c[i], i);
                    count++;
                    atLeast += Math.abs(pearson(rx, shuffled)) >= bar ? 1 : 0;
                    c[i]++;
                    i = 0;
                } else {
                    c[i] = 0;
                    i++;
                }
            }
        } else {
            SplittableRandom random = new SplittableRandom(seed);
            for (; count < RANDOM_PERMUTATIONS; count++) {
                for (int k = n - 1; k > 0; k--) {
                    swap(shuffled, k, random.nextInt(k + 1));
                }
                atLeast += Math.abs(pearson(rx, shuffled)) >= bar ? 1 : 0;
            }
            // the observed arrangement counts as one of the permutations (never p = 0)
            atLeast++;
            count++;
        }
        return new RankCorrelation(rho, (double) atLeast / count, n, count, n <= EXACT_UP_TO);
    }

    private static double pearson(double[] a, double[] b) {
        int n = a.length;
        double ma = 0;
        double mb = 0;
        for (int i = 0; i < n; i++) {
            ma += a[i];
            mb += b[i];
        }
        ma /= n;
        mb /= n;
        double sab = 0;
        double saa = 0;
        double sbb = 0;
        for (int i = 0; i < n; i++) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return sab / Math.sqrt(saa * sbb);
    }

    private static void swap(double[] v, int i, int j) {
        double t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}
