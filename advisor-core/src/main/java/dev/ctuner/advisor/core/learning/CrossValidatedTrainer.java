package dev.ctuner.advisor.core.learning;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Hyperparameters by inner k-fold cross-validation: each candidate of a small grid is scored by
 * its mean squared error over {@code folds} folds of the training data (fold assignment from the
 * seed), and the best is refitted on all of it. A one-candidate grid is fitted directly.
 *
 * <pre>{@code
 * SurrogateTrainer t = new CrossValidatedTrainer(List.of(
 *         new RandomForestSurrogate.Trainer(200, 1.0 / 3, 3),
 *         new RandomForestSurrogate.Trainer(200, 2.0 / 3, 3)), 3);
 * Surrogate s = t.fit(x, y, 42);
 * }</pre>
 */
public record CrossValidatedTrainer(List<SurrogateTrainer> grid, int folds) implements SurrogateTrainer {

    public CrossValidatedTrainer {
        grid = List.copyOf(grid);
        if (grid.isEmpty() || folds < 2) {
            throw new IllegalArgumentException("need at least one candidate and 2 folds");
        }
    }

    @Override
    public Surrogate fit(double[][] x, double[] y, long seed) {
        return best(x, y, seed).fit(x, y, seed);
    }

    /** The candidate with the lowest cross-validated mean squared error (the first on ties). */
    public SurrogateTrainer best(double[][] x, double[] y, long seed) {
        if (grid.size() == 1 || x.length < 2 * folds) {
            return grid.get(0);
        }
        int[] fold = foldsOf(x.length, seed);
        SurrogateTrainer best = grid.get(0);
        double bestError = Double.POSITIVE_INFINITY;
        for (SurrogateTrainer candidate : grid) {
            double error = 0;
            for (int f = 0; f < folds; f++) {
                error += foldError(candidate, x, y, fold, f, seed + f);
            }
            if (error < bestError) {
                bestError = error;
                best = candidate;
            }
        }
        return best;
    }

    private double foldError(SurrogateTrainer candidate, double[][] x, double[] y, int[] fold, int f, long seed) {
        int testSize = 0;
        for (int v : fold) {
            testSize += v == f ? 1 : 0;
        }
        double[][] trainX = new double[x.length - testSize][];
        double[] trainY = new double[x.length - testSize];
        int t = 0;
        for (int i = 0; i < x.length; i++) {
            if (fold[i] != f) {
                trainX[t] = x[i];
                trainY[t++] = y[i];
            }
        }
        Surrogate model = candidate.fit(trainX, trainY, seed);
        double error = 0;
        for (int i = 0; i < x.length; i++) {
            if (fold[i] == f) {
                double d = model.predict(x[i]).mean() - y[i];
                error += d * d;
            }
        }
        return error;
    }

    private int[] foldsOf(int n, long seed) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        int[] fold = new int[n];
        for (int i = 0; i < n; i++) {
            fold[order[i]] = i % folds;
        }
        return fold;
    }

    @Override
    public String describe() {
        return grid.size() == 1 ? grid.get(0).describe()
                : "cv" + folds + "[" + grid.stream().map(SurrogateTrainer::describe).collect(Collectors.joining(" | ")) + "]";
    }
}
