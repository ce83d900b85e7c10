package dev.ctuner.advisor.core.learning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each family must fit a known smooth synthetic function well; a broken model fails these. */
class SurrogateTest {

    private static final int TRAIN = 300;
    private static final int TEST = 100;

    private static double f(double[] x) {
        return 10 + 5 * x[0] + 3 * Math.sin(3 * x[1]) + 2 * x[0] * x[2];
    }

    private static double[][] points(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][3];
        for (double[] row : x) {
            for (int j = 0; j < 3; j++) {
                row[j] = r.nextDouble();
            }
        }
        return x;
    }

    private static double[] values(double[][] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = f(x[i]);
        }
        return y;
    }

    private static Metrics score(Surrogate s) {
        double[][] x = points(TEST, 99);
        double[] predicted = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            predicted[i] = s.predict(x[i]).mean();
        }
        return Metrics.of(values(x), predicted);
    }

    @Test
    void randomForestFitsAndItsSpreadIsTheTreesDisagreement() {
        double[][] x = points(TRAIN, 1);
        RandomForestSurrogate rf = (RandomForestSurrogate) new RandomForestSurrogate.Trainer(100, 1.0, 2).fit(x, values(x), 5);
        Metrics m = score(rf);
        assertThat(m.r2()).isGreaterThan(0.9);
        assertThat(m.mape()).isLessThan(5);
        double[] probe = {0.3, 0.6, 0.9};
        assertThat(rf.predict(probe).mean()).isCloseTo(rf.forestPredict(probe), within(1e-9));
        assertThat(rf.predict(probe).spread()).isGreaterThan(0);
    }

    @Test
    void boostedTreesFit() {
        double[][] x = points(TRAIN, 2);
        Surrogate gbt = new BoostedTreesSurrogate.Trainer(3, 200, 6, 0.1, 0.7).fit(x, values(x), 5);
        Metrics m = score(gbt);
        assertThat(m.r2()).isGreaterThan(0.95);
        assertThat(gbt.predict(new double[] {0.5, 0.5, 0.5}).spread()).isGreaterThan(0);
    }

    @Test
    void mlpEnsembleFitsAndKeepsTheBest70Percent() {
        double[][] x = points(TRAIN, 3);
        MlpEnsembleSurrogate mlp = (MlpEnsembleSurrogate) new MlpEnsembleSurrogate.Trainer(10, 0.3, new int[] {14, 4},
                120, 0.01, 1e-5).fit(x, values(x), 5);
        assertThat(mlp.size()).isEqualTo(7);
        Metrics m = score(mlp);
        assertThat(m.r2()).isGreaterThan(0.95);
    }

    @Test
    void everyFamilyIsDeterministicForASeed() {
        double[][] x = points(80, 4);
        double[] y = values(x);
        double[] probe = {0.2, 0.4, 0.8};
        SurrogateTrainer[] trainers = {new RandomForestSurrogate.Trainer(30, 0.5, 2),
                new BoostedTreesSurrogate.Trainer(3, 50, 4, 0.1, 0.7),
                new MlpEnsembleSurrogate.Trainer(4, 0.25, new int[] {14, 4}, 20, 0.01, 1e-4)};
        for (SurrogateTrainer t : trainers) {
            Prediction a = t.fit(x, y, 17).predict(probe);
            Prediction b = t.fit(x, y, 17).predict(probe);
            assertThat(b).as(t.describe()).isEqualTo(a);
        }
    }

    @Test
    void aRandomForestIsDeterministicForSeedsSmileWouldNotApply() {
        double[][] x = points(80, 7);
        double[] y = values(x);
        double[] probe = {0.7, 0.1, 0.5};
        SurrogateTrainer rf = new RandomForestSurrogate.Trainer(30, 0.5, 2);
        for (long seed : new long[] {0, 1, -3, Long.MIN_VALUE}) {
            Prediction a = rf.fit(x, y, seed).predict(probe);
            Prediction b = rf.fit(x, y, seed).predict(probe);
            assertThat(b).as("seed %d", seed).isEqualTo(a);
        }
    }

    @Test
    void treeSeedsAreAboveOneAndDistinctWithinAForest() {
        for (long seed : new long[] {0, 1, 2, -1, -3, 42, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE}) {
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (int i = 0; i < 200; i++) {
                long s = RandomForestSurrogate.treeSeed(seed, i);
                assertThat(s).as("seed %d tree %d", seed, i).isGreaterThan(1);
                seen.add(s);
            }
            assertThat(seen).as("seed %d", seed).hasSize(200);
        }
        assertThat(RandomForestSurrogate.treeSeed(42, 7)).as("seeds above 1 are kept").isEqualTo(42 * 1_000_003L + 7);
    }

    @Test
    void crossValidationPicksTheBetterCandidate() {
        double[][] x = points(120, 6);
        double[] y = values(x);
        SurrogateTrainer weak = new RandomForestSurrogate.Trainer(20, 1.0, 60);   // leaves of 60: nearly constant
        SurrogateTrainer strong = new RandomForestSurrogate.Trainer(20, 1.0, 2);
        CrossValidatedTrainer cv = new CrossValidatedTrainer(java.util.List.of(weak, strong), 3);
        assertThat(cv.best(x, y, 1)).isEqualTo(strong);
    }
}
