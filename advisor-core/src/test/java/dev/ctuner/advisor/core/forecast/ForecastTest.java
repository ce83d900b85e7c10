package dev.ctuner.advisor.core.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ForecastTest {

    /** Read ratio cycling 0.9, 0.9, 0.1, 0.5 forever: deterministic for a 2nd-order chain, not a 1st-order one. */
    static List<WorkloadVector> cycle(int n) {
        double[] pattern = {0.9, 0.9, 0.1, 0.5};
        List<WorkloadVector> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(WorkloadVector.ofReadRatio(pattern[i % pattern.length], 1000));
        }
        return out;
    }

    @Test
    void secondOrderMarkovLearnsADeterministicCycleExactly() {
        List<WorkloadVector> series = cycle(400);
        BacktestResult r = Backtest.run(MarkovForecaster.trainer(2), series, 200, 8);
        for (int h = 1; h <= 8; h++) {
            assertThat(r.rmse(h)).as("h=%d", h).isLessThan(1e-9);
        }
        List<WorkloadVector> next = MarkovForecaster.trainer(2).fit(series).forecast(series.subList(0, 7), 4);
        // steps 7..10 of the cycle: 0.5, 0.9, 0.9, 0.1
        double[] expected = {0.5, 0.9, 0.9, 0.1};
        for (int h = 0; h < expected.length; h++) {
            assertThat(next.get(h).proportion(Operation.READ)).isCloseTo(expected[h], within(1e-9));
        }
    }

    @Test
    void firstOrderMarkovCannotTellWhereItIsAfterTheRepeatedState() {
        // after 0.9 the next is 0.9 or 0.1 with equal odds: a first-order chain must be wrong there
        BacktestResult first = Backtest.run(MarkovForecaster.trainer(1), cycle(400), 200, 2);
        BacktestResult second = Backtest.run(MarkovForecaster.trainer(2), cycle(400), 200, 2);
        assertThat(first.rmse(1)).isGreaterThan(0.1);
        assertThat(second.rmse(1)).isLessThan(first.rmse(1));
    }

    @Test
    void markovStatesAreTuplesOfQuantisedProportions() {
        QuantisedState q = new QuantisedState(0.1);
        WorkloadVector a = new WorkloadVector(new double[] {0.42, 0.18, 0.03, 0.37, 0}, 1);
        WorkloadVector b = new WorkloadVector(new double[] {0.38, 0.22, 0.0, 0.40, 0}, 1);
        WorkloadVector c = new WorkloadVector(new double[] {0.38, 0.22, 0.0, 0.0, 0.40}, 1);
        assertThat(q.of(a)).isEqualTo(q.of(b));
        assertThat(q.of(c)).isNotEqualTo(q.of(b));
    }

    @Test
    void insertsCountAsUpdatesAndNothingElseMoves() {
        WorkloadVector upload = new WorkloadVector(new double[] {0.1, 0.05, 0.8, 0.05, 0}, 500);
        WorkloadVector folded = upload.insertsAsUpdates();
        assertThat(folded.mix()).containsExactly(new double[] {0.1, 0.85, 0, 0.05, 0}, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(folded.rate()).isEqualTo(500);
        WorkloadVector noInserts = WorkloadVector.ofReadRatio(0.3, 10);
        assertThat(noInserts.insertsAsUpdates()).isEqualTo(noInserts);
    }

    @Test
    void arModelRecoversTheCoefficientOfASyntheticAr1() {
        SplittableRandom random = new SplittableRandom(7);
        double[] x = new double[5000];
        for (int t = 1; t < x.length; t++) {
            x[t] = 0.3 + 0.6 * x[t - 1] + 0.1 * gaussian(random);
        }
        ArModel m = ArModel.fit(x, 1, 0);
        assertThat(m.coefficients()[0]).isCloseTo(0.6, within(0.03));
        assertThat(m.intercept()).isCloseTo(0.3, within(0.03));
        // forecasts decay geometrically to the mean c / (1 − φ) = 0.75
        double[] f = m.forecast(new double[] {0.0}, 60);
        assertThat(f[0]).isCloseTo(m.intercept(), within(1e-12));
        assertThat(f[59]).isCloseTo(0.75, within(0.03));
    }

    @Test
    void arimaWithOneDifferenceFollowsALinearTrend() {
        double[] x = new double[50];
        for (int t = 0; t < x.length; t++) {
            x[t] = 2 + 0.5 * t;
        }
        double[] f = ArModel.fit(x, 1, 1).forecast(x, 3);
        assertThat(f[0]).isCloseTo(2 + 0.5 * 50, within(1e-6));
        assertThat(f[2]).isCloseTo(2 + 0.5 * 52, within(1e-6));
    }

    @Test
    void arForecasterTurnsPerDimensionForecastsIntoAMix() {
        List<WorkloadVector> series = cycle(200);
        List<WorkloadVector> f = ArForecaster.trainer(3, 0).fit(series).forecast(series, 5);
        assertThat(f).hasSize(5).allSatisfy(w -> {
            double sum = 0;
            for (double p : w.mix()) {
                assertThat(p).isBetween(0.0, 1.0);
                sum += p;
            }
            assertThat(sum).isCloseTo(1, within(1e-9));
        });
    }

    @Test
    void oracleKnowsTheFutureAndNoiseStaysAMixAndIsReproducible() {
        List<WorkloadVector> truth = cycle(20);
        Forecaster oracle = new OracleForecaster(truth);
        assertThat(oracle.forecast(truth.subList(0, 10), 3)).containsExactlyElementsOf(truth.subList(10, 13));
        NoisyForecaster noisy = new NoisyForecaster(oracle, 0.3, 42);
        List<WorkloadVector> a = noisy.forecast(truth.subList(0, 10), 3);
        assertThat(a).isEqualTo(noisy.forecast(truth.subList(0, 10), 3));
        assertThat(a.get(0)).isNotEqualTo(truth.get(10));
        assertThat(a.get(0).proportion(Operation.SCAN)).isZero();
        assertThat(a.get(0).maxProportionDifference(truth.get(10))).isLessThanOrEqualTo(0.3 + 1e-9);
    }

    @Test
    void persistenceBacktestOnTheCycleMatchesAHandComputation() {
        // one step ahead persistence is wrong on 3 of 4 transitions: 0.9→0.9 ok, 0.9→0.1 (0.8), 0.1→0.5 (0.4), 0.5→0.9 (0.4)
        // read and update errors are equal, so RMSE = sqrt((0.64 + 0.16 + 0.16) / 4)
        BacktestResult r = Backtest.run(ForecasterTrainer.of("persistence", new PersistenceForecaster()), cycle(401), 1, 1);
        assertThat(r.rmse(1)).isCloseTo(Math.sqrt(0.96 / 4), within(1e-9));
    }

    @Test
    void lookaheadRuleTakesTheLongestPrefixUnderTheThreshold() {
        BacktestResult r = new BacktestResult("x", new double[] {0.05, 0.07, 0.12, 0.08});
        assertThat(new LookaheadRule(0.10).choose(r)).isEqualTo(2);
        assertThat(new LookaheadRule(0.01).choose(r)).isEqualTo(1);
        assertThat(new LookaheadRule(0.20).choose(r)).isEqualTo(4);
    }

    @Test
    void nodeSamplesAggregateIntoMixAndRatePerStep() {
        List<NodeSample> samples = List.of(
                new NodeSample(5, "a", new long[] {600, 0, 0, 0, 0}),
                new NodeSample(9, "b", new long[] {300, 100, 0, 0, 0}),
                new NodeSample(12, "a", new long[] {0, 0, 500, 0, 0}),
                new NodeSample(25, "b", new long[] {0, 0, 0, 100, 100}));
        WorkloadSeries s = WorkloadSeries.aggregate(samples, 0, 10);
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.at(0).proportion(Operation.READ)).isCloseTo(0.9, within(1e-12));
        assertThat(s.at(0).rate()).isCloseTo(100, within(1e-12));
        assertThat(s.at(1).proportion(Operation.INSERT)).isEqualTo(1.0);
        assertThat(s.at(2).proportion(Operation.RMW)).isCloseTo(0.5, within(1e-12));
        assertThatThrownBy(() -> new NodeSample(0, "a", new long[] {1, 2})).hasMessageContaining("5 counts");
    }

    static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
