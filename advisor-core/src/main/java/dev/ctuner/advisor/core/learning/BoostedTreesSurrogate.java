package dev.ctuner.advisor.core.learning;

import java.util.Locale;
import java.util.SplittableRandom;
import smile.base.cart.Loss;
import smile.data.type.StructType;
import smile.math.MathEx;
import smile.regression.GradientTreeBoost;

/**
 * Gradient tree boosting surrogate (ML-SURR §2.2; Smile). A single boosted model has no spread,
 * so this is a small bagged ensemble: each member is fitted to a bootstrap resample with its own
 * seed; the prediction is the member mean, the spread their standard deviation. Deterministic:
 * resamples come from a seeded generator and Smile's thread-local generator (used for the
 * boosting subsample) is seeded with {@link MathEx#setSeed} before each member.
 *
 * <pre>{@code
 * Surrogate gbt = new BoostedTreesSurrogate.Trainer(5, 300, 6, 0.05, 0.7).fit(x, y, 42);
 * }</pre>
 */
public final class BoostedTreesSurrogate implements Surrogate {

    private final GradientTreeBoost[] members;
    private final StructType schema;

    private BoostedTreesSurrogate(GradientTreeBoost[] members, StructType schema) {
        this.members = members;
        this.schema = schema;
    }

    /**
     * @param members   bagged models (spread is their standard deviation)
     * @param trees     boosting iterations per model
     * @param maxNodes  leaves per tree
     * @param shrinkage learning rate
     * @param subsample share of the data each boosting iteration sees
     */
    public record Trainer(int members, int trees, int maxNodes, double shrinkage, double subsample)
            implements SurrogateTrainer {

        @Override
        public Surrogate fit(double[][] x, double[] y, long seed) {
            SmileFrames.primeSeeding(); // this thread's setSeed below must not be the JVM's first (see there)
            SplittableRandom random = new SplittableRandom(seed);
            GradientTreeBoost[] models = new GradientTreeBoost[members];
            StructType schema = null;
            for (int m = 0; m < members; m++) {
                double[][] bx = new double[x.length][];
                double[] by = new double[x.length];
                for (int i = 0; i < x.length; i++) {
                    int pick = random.nextInt(x.length);
                    bx[i] = x[pick];
                    by[i] = y[pick];
                }
                smile.data.DataFrame data = SmileFrames.frame(bx, by);
                schema = data.schema();
                MathEx.setSeed(random.nextLong());
                models[m] = GradientTreeBoost.fit(SmileFrames.FORMULA, data, Loss.ls(), trees, 20, maxNodes, 3,
                        shrinkage, subsample);
            }
            return new BoostedTreesSurrogate(models, schema);
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "gbt(bag=%d, trees=%d, leaves=%d, shrink=%.2f, sub=%.2f)",
                    members, trees, maxNodes, shrinkage, subsample);
        }
    }

    @Override
    public Prediction predict(double[] x) {
        smile.data.Tuple row = SmileFrames.tuple(x, schema);
        double[] values = new double[members.length];
        for (int i = 0; i < members.length; i++) {
            values[i] = members[i].predict(row);
        }
        return Prediction.ofMembers(values);
    }
}
