package dev.ctuner.advisor.core.learning;

import java.util.Locale;
import java.util.stream.LongStream;
import smile.data.DataFrame;
import smile.data.type.StructType;
import smile.regression.RandomForest;
import smile.regression.RegressionTree;

/**
 * Random forest surrogate (ML-SURR §2.2; Smile). The prediction is the mean over trees and its
 * spread the standard deviation of the tree predictions. Deterministic: every tree gets its own
 * seed, derived from the training seed, through Smile's per-tree seeding.
 *
 * <pre>{@code
 * Surrogate rf = new RandomForestSurrogate.Trainer(200, 1.0 / 3, 3).fit(x, y, 42);
 * rf.predict(x[0]).spread();   // disagreement of the 200 trees
 * }</pre>
 */
public final class RandomForestSurrogate implements Surrogate {

    private final RandomForest forest;
    private final RegressionTree[] trees;
    private final StructType schema;

    private RandomForestSurrogate(RandomForest forest, StructType schema) {
        this.forest = forest;
        this.trees = forest.trees();
        this.schema = schema;
    }

    /**
     * @param trees        number of trees
     * @param mtryFraction share of the features tried at each split (Smile's default for regression is 1/3)
     * @param nodeSize     minimum samples in a leaf
     */
    public record Trainer(int trees, double mtryFraction, int nodeSize) implements SurrogateTrainer {

        @Override
        public Surrogate fit(double[][] x, double[] y, long seed) {
            DataFrame data = SmileFrames.frame(x, y);
            int p = x[0].length;
            int mtry = Math.max(1, Math.min(p, (int) Math.round(mtryFraction * p)));
            LongStream seeds = LongStream.range(0, trees).map(i -> treeSeed(seed, i));
            SmileFrames.primeSeeding();
            RandomForest forest = RandomForest.fit(SmileFrames.FORMULA, data, trees, mtry, 20,
                    Math.max(2, x.length), nodeSize, 1.0, seeds);
            return new RandomForestSurrogate(forest, data.schema());
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "rf(trees=%d, mtry=%.2f, node=%d)", trees, mtryFraction, nodeSize);
        }
    }

    /**
     * Tree {@code i}'s seed. Smile seeds a tree only when its seed is above 1 (it leaves the
     * thread's generator as it is otherwise, so such a tree is not reproducible); seeds at or
     * below 1 (from training seeds 0 and below) are moved to the top of the range (1 to
     * {@code Long.MAX_VALUE}, 0 to one below it, and so on down), and the four lowest longs, for
     * which that would wrap, to the top four. Trees of one forest keep distinct seeds (Smile
     * refuses repeated ones).
     */
    static long treeSeed(long seed, long i) {
        long s = seed * 1_000_003L + i;
        if (s > 1) {
            return s;
        }
        long moved = Long.MAX_VALUE - 1 + s;   // 1 -> MAX, 0 -> MAX - 1, ...
        return moved > 1 ? moved : Long.MAX_VALUE - (s - Long.MIN_VALUE);
    }

    @Override
    public Prediction predict(double[] x) {
        smile.data.Tuple row = SmileFrames.tuple(x, schema);
        double[] members = new double[trees.length];
        for (int i = 0; i < trees.length; i++) {
            members[i] = trees[i].predict(row);
        }
        return Prediction.ofMembers(members);
    }

    /** Smile's own forest prediction (equals the mean of {@link #predict}). */
    double forestPredict(double[] x) {
        return forest.predict(SmileFrames.tuple(x, schema));
    }
}
