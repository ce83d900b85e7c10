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
            LongStream seeds = LongStream.range(0, trees).map(i -> seed * 1_000_003L + i);
            RandomForest forest = RandomForest.fit(SmileFrames.FORMULA, data, trees, mtry, 20,
                    Math.max(2, x.length), nodeSize, 1.0, seeds);
            return new RandomForestSurrogate(forest, data.schema());
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "rf(trees=%d, mtry=%.2f, node=%d)", trees, mtryFraction, nodeSize);
        }
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
