package dev.ctuner.advisor.core.learning;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * RAFIKI's surrogate (§3.1 step 4): an ensemble of small feed-forward networks (hidden layers
 * [14, 4]) trained from different initial weights; the members with the worst training error
 * (30%) are dropped and the rest averaged; the spread is the standard deviation of the kept
 * members. Inputs and target are standardised. RAFIKI trained with MATLAB's Bayesian
 * regularisation; here plain online SGD with weight decay for a fixed number of epochs (RAFIKI
 * stops at 200), tanh hidden units (MATLAB's default), linear output, on {@link SmallNetwork}
 * (Smile 2.6's MLP needs native OpenBLAS). Deterministic: each member draws its initial weights
 * and its shuffles from its own generator seeded from the training seed.
 *
 * <pre>{@code
 * Surrogate mlp = MlpEnsembleSurrogate.Trainer.rafiki().fit(x, y, 42);   // 20 nets, keep 14
 * }</pre>
 */
public final class MlpEnsembleSurrogate implements Surrogate {

    private final List<SmallNetwork> kept;
    private final Standardizer inputs;
    private final Standardizer output;

    private MlpEnsembleSurrogate(List<SmallNetwork> kept, Standardizer inputs, Standardizer output) {
        this.kept = List.copyOf(kept);
        this.inputs = inputs;
        this.output = output;
    }

    /**
     * @param members      networks trained
     * @param dropFraction share of members with the highest training error that are dropped
     * @param hidden       hidden layer sizes
     * @param epochs       passes over the training data
     */
    public record Trainer(int members, double dropFraction, int[] hidden, int epochs, double learningRate,
                          double weightDecay) implements SurrogateTrainer {

        public Trainer {
            hidden = hidden.clone();
            if (members < 1 || dropFraction < 0 || dropFraction >= 1 || hidden.length == 0 || epochs < 1) {
                throw new IllegalArgumentException("invalid MLP ensemble settings");
            }
        }

        /** RAFIKI's ensemble: 20 networks [14, 4], drop the worst 30%, 200 epochs. */
        public static Trainer rafiki() {
            return new Trainer(20, 0.3, new int[] {14, 4}, 200, 0.01, 1e-4);
        }

        @Override
        public Surrogate fit(double[][] x, double[] y, long seed) {
            Standardizer in = Standardizer.fit(x);
            Standardizer out = Standardizer.fit(y);
            double[][] zx = in.apply(x);
            double[] zy = new double[y.length];
            for (int i = 0; i < y.length; i++) {
                zy[i] = out.apply(y[i]);
            }
            SplittableRandom seeds = new SplittableRandom(seed);
            List<SmallNetwork> nets = new ArrayList<>();
            double[] errors = new double[members];
            for (int m = 0; m < members; m++) {
                SmallNetwork net = train(zx, zy, seeds.nextLong());
                nets.add(net);
                errors[m] = meanSquaredError(net, zx, zy);
            }
            int keep = Math.max(1, (int) Math.round(members * (1 - dropFraction)));
            Integer[] order = new Integer[members];
            Arrays.setAll(order, i -> i);
            Arrays.sort(order, Comparator.comparingDouble((Integer i) -> errors[i]).thenComparingInt(i -> i));
            List<SmallNetwork> kept = new ArrayList<>();
            for (int i = 0; i < keep; i++) {
                kept.add(nets.get(order[i]));
            }
            return new MlpEnsembleSurrogate(kept, in, out);
        }

        private SmallNetwork train(double[][] x, double[] y, long seed) {
            SplittableRandom shuffle = new SplittableRandom(seed);
            SmallNetwork net = new SmallNetwork(x[0].length, hidden, shuffle);
            int[] order = new int[x.length];
            Arrays.setAll(order, i -> i);
            for (int epoch = 0; epoch < epochs; epoch++) {
                for (int i = order.length - 1; i > 0; i--) {
                    int j = shuffle.nextInt(i + 1);
                    int t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
                for (int i : order) {
                    net.update(x[i], y[i], learningRate, weightDecay);
                }
            }
            return net;
        }

        private static double meanSquaredError(SmallNetwork net, double[][] x, double[] y) {
            double s = 0;
            for (int i = 0; i < x.length; i++) {
                double d = net.predict(x[i]) - y[i];
                s += d * d;
            }
            return s / x.length;
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "mlp(nets=%d, drop=%.2f, hidden=%s, epochs=%d, lr=%.3g, decay=%.1g)",
                    members, dropFraction, Arrays.toString(hidden), epochs, learningRate, weightDecay);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Trainer t && t.members == members && t.dropFraction == dropFraction
                    && Arrays.equals(t.hidden, hidden) && t.epochs == epochs && t.learningRate == learningRate
                    && t.weightDecay == weightDecay;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(hidden) * 31 + members;
        }

        @Override
        public String toString() {
            return describe();
        }
    }

    /** Number of members kept after pruning. */
    public int size() {
        return kept.size();
    }

    @Override
    public Prediction predict(double[] x) {
        double[] z = inputs.apply(x);
        double[] values = new double[kept.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = output.invert(kept.get(i).predict(z));
        }
        return Prediction.ofMembers(values);
    }
}
