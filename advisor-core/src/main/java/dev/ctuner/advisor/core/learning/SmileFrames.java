package dev.ctuner.advisor.core.learning;

import smile.data.DataFrame;
import smile.data.Tuple;
import smile.data.formula.Formula;
import smile.data.type.StructType;
import smile.math.MathEx;

/**
 * Bridges double arrays and Smile data frames. Columns are {@code x0..x(p-1)} followed by the
 * response {@code y}, so predictor indices are the same with or without the formula applied.
 */
final class SmileFrames {

    static final Formula FORMULA = Formula.lhs("y");

    private static boolean seedingPrimed;

    private SmileFrames() {
    }

    /**
     * Makes Smile's first {@code MathEx.setSeed(long)} of this JVM happen here, on one thread.
     * That first call also seeds a generator Smile shares between threads, without a lock; when it
     * comes from the parallel tree building of {@code RandomForest.fit}, two threads can seed it
     * at once and one fails ({@code ArrayIndexOutOfBoundsException} in
     * {@code MersenneTwister.setSeed}, seen once in two fresh runs of {@code TransferCheck}). Every
     * later call seeds only the calling thread's own generator. The value given here is
     * overwritten before any use: each tree, and each boosted member, is seeded itself.
     */
    static synchronized void primeSeeding() {
        if (!seedingPrimed) {
            MathEx.setSeed(19_650_218L);
            seedingPrimed = true;
        }
    }

    static DataFrame frame(double[][] x, double[] y) {
        int p = x[0].length;
        double[][] rows = new double[x.length][p + 1];
        for (int i = 0; i < x.length; i++) {
            System.arraycopy(x[i], 0, rows[i], 0, p);
            rows[i][p] = y[i];
        }
        return DataFrame.of(rows, names(p));
    }

    /** A tuple with the training schema (response set to 0) for prediction. */
    static Tuple tuple(double[] x, StructType schema) {
        double[] row = new double[x.length + 1];
        System.arraycopy(x, 0, row, 0, x.length);
        return Tuple.of(row, schema);
    }

    private static String[] names(int p) {
        String[] names = new String[p + 1];
        for (int j = 0; j < p; j++) {
            names[j] = "x" + j;
        }
        names[p] = "y";
        return names;
    }
}
