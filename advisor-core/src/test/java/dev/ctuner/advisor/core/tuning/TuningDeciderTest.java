package dev.ctuner.advisor.core.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.advisor.core.forecast.ForecasterTrainer;
import dev.ctuner.advisor.core.forecast.Operation;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.common.catalog.Configuration;
import java.util.ArrayList;
import java.util.Collections;
import dev.ctuner.advisor.core.forecast.PersistenceForecaster;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.KnobValue;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class TuningDeciderTest {

    static final CostInputs COST = CostInputs.rolling(OptionalDouble.empty(), 3, 1, 3);
    static final ForecastChoice PERSISTENCE_90 = new ForecastChoice(
            ForecasterTrainer.of("persistence", new PersistenceForecaster()), 90, List.of());
    final TuningDecider decider = new TuningDecider(ForecastSelector.standard(), DecisionThresholds.standard());

    static DecisionInput input(int windows, ToyModel model, CostInputs cost) {
        return new DecisionInput(ToyModel.steady(windows), ToyModel.A, List.of(ToyModel.A, ToyModel.B), model,
                ToyModel.RESTART, cost);
    }

    @Test
    void holdsWithTooLittleHistory() {
        TuningDecision d = decider.decide(input(3, new ToyModel(0.3, 0, false), COST));
        assertThat(d).isInstanceOf(TuningDecision.Hold.class);
        assertThat(((TuningDecision.Hold) d).kind()).isEqualTo(TuningDecision.HoldKind.TOO_LITTLE_HISTORY);
        assertThat(d.reason()).isEqualTo("too little history: 3 of 10 windows");
    }

    @Test
    void holdsWhenThePredictedGainIsBelowTheThreshold() {
        TuningDecision d = decider.decide(input(40, new ToyModel(0.02, 0.06, false), COST), PERSISTENCE_90);
        assertThat(((TuningDecision.Hold) d).kind()).isEqualTo(TuningDecision.HoldKind.GAIN_BELOW_THRESHOLD);
        assertThat(d.reason()).isEqualTo("predicted gain 2.0% ± 6.0%: below the 5% threshold; on the mix of the 40 windows "
                + "the cluster ran, no change pays back its cost within the 3.3-minute payback horizon (10 windows, 25% of the history)");
    }

    @Test
    void holdsWhenNoChangePaysForItsRestartCost() {
        // +10% for 30 minutes is 180 s of throughput; 3 rounds of a 1000 s restart cost 1000 s
        CostInputs slow = CostInputs.rolling(OptionalDouble.of(1000), 3, 1, 3);
        TuningDecision d = decider.decide(input(40, new ToyModel(0.10, 0, false), slow), PERSISTENCE_90);
        assertThat(((TuningDecision.Hold) d).kind()).isEqualTo(TuningDecision.HoldKind.NO_CHANGE_PAYS);
        assertThat(d.reason()).startsWith("no change pays for its cost within the 30-minute lookahead")
                .contains("T_r 1000.0 s");
    }

    @Test
    void proposesAChangeThatPaysWithItsEvidence() {
        TuningDecision d = decider.decide(input(40, new ToyModel(0.10, 0.02, true), COST), PERSISTENCE_90);
        assertThat(d).isInstanceOf(TuningDecision.Propose.class);
        TuningDecision.Propose p = (TuningDecision.Propose) d;
        assertThat(p.proposed()).isEqualTo(ToyModel.B);
        assertThat(p.current()).isEqualTo(ToyModel.A);
        assertThat(p.changes()).singleElement().satisfies(c -> {
            assertThat(c.knob()).isEqualTo(ToyModel.KNOB);
            assertThat(c.from()).contains(new KnobValue.IntValue(32));
            assertThat(c.to()).isEqualTo(new KnobValue.IntValue(64));
            assertThat(c.tier()).isEqualTo(ApplyMode.RESTART);
        });
        assertThat(p.predictedGain().expected()).isCloseTo(0.10, within(1e-9));
        assertThat(p.predictedGain().lower()).isCloseTo(0.08, within(1e-9));
        assertThat(p.isOutsideData()).isTrue();
        assertThat(p.startOffsetSeconds()).isZero();
        assertThat(p.forecast()).hasSize(90);
        // 90 steps × 20 s × 1000 ops/s × 10% gained, minus 14.8 s × 1100 ops/s lost to the restart
        assertThat(p.expectedNetGain()).isCloseTo(180_000 - 16_280, within(1.0));
        // the history's mix (40 windows, a 10-window horizon) supports the same change, but over the common
        // horizon (the 90-step forecast) it serves no more: the forecast's plan is kept
        assertThat(p.basis()).isEqualTo(TuningDecision.Basis.FORECAST);
        assertThat(p.seen().proportion(Operation.READ)).isEqualTo(0.9);
    }

    @Test
    void holdsWhenTheChangeWouldLoseOnTheWorkloadTheClusterActuallyRan() {
        // B is 30% faster for reads, 20% slower for writes; 30 write-heavy windows, then 10 read-heavy ones
        UncertainThroughput phaseModel = new UncertainThroughput() {
            @Override
            public Prediction predict(WorkloadVector w, Configuration c) {
                boolean reads = w.proportion(Operation.READ) > 0.5;
                return new Prediction(c.equals(ToyModel.B) ? (reads ? 1300 : 800) : 1000, 0);
            }

            @Override
            public List<String> outsideData(WorkloadVector w, Configuration c) {
                return List.of();
            }
        };
        List<WorkloadVector> windows = new ArrayList<>(Collections.nCopies(30, WorkloadVector.ofReadRatio(0.1, 1000)));
        windows.addAll(Collections.nCopies(10, WorkloadVector.ofReadRatio(0.9, 1000)));
        DecisionInput in = new DecisionInput(new WorkloadSeries(0, 20, windows), ToyModel.A,
                List.of(ToyModel.A, ToyModel.B), phaseModel, ToyModel.RESTART, COST);
        TuningDecision d = decider.decide(in, PERSISTENCE_90);
        assertThat(((TuningDecision.Hold) d).kind()).isEqualTo(TuningDecision.HoldKind.WORSE_ON_HISTORY);
        assertThat(d.reason()).isEqualTo("predicted gain 30.0% ± 0.0% on the forecast but -7.5% ± 0.0% on the 40 windows "
                + "the cluster ran: below the 0% threshold there; on the mix of the 40 windows the cluster ran, no change pays "
                + "back its cost within the 3.3-minute payback horizon (10 windows, 25% of the history)");
        TuningDecider lenient = new TuningDecider(ForecastSelector.standard(), new DecisionThresholds(0.05, -1, 0, 10, 1,
                DecisionThresholds.STANDARD_PAYBACK_SHARE));
        assertThat(lenient.decide(in, PERSISTENCE_90)).isInstanceOf(TuningDecision.Propose.class);
    }

    @Test
    void theMeasuredRestartTimeOfTheClusterIsCharged() {
        // the same +10% pays at the default T_r (14.8 s) but not at this cluster's measured 500 s
        assertThat(decider.decide(input(40, new ToyModel(0.10, 0, false), COST), PERSISTENCE_90))
                .isInstanceOf(TuningDecision.Propose.class);
        assertThat(decider.decide(input(40, new ToyModel(0.10, 0, false),
                CostInputs.rolling(OptionalDouble.of(500), 3, 1, 3)), PERSISTENCE_90)).isInstanceOf(TuningDecision.Hold.class);
    }

    @Test
    void choosesItsOwnForecasterAndLookaheadAndIsDeterministic() {
        DecisionInput in = input(200, new ToyModel(0.10, 0.01, false), COST);
        TuningDecision first = decider.decide(in);
        TuningDecision second = decider.decide(in);
        assertThat(first).isInstanceOf(TuningDecision.Propose.class);
        TuningDecision.Propose p = (TuningDecision.Propose) first;
        // a 1-step lookahead never pays for a restart; the value rule must have chosen a longer one
        assertThat(p.choice().lookahead()).isGreaterThan(1);
        assertThat(p.choice().trials()).isNotEmpty();
        assertThat(second.reason()).isEqualTo(first.reason());
        assertThat(((TuningDecision.Propose) second).plan()).isEqualTo(p.plan());
    }

    static final ForecastChoice PERSISTENCE_3 = new ForecastChoice(
            ForecasterTrainer.of("persistence", new PersistenceForecaster()), 3, List.of());
    static final ForecastChoice PERSISTENCE_9 = new ForecastChoice(
            ForecasterTrainer.of("persistence", new PersistenceForecaster()), 9, List.of());

    @Test
    void proposesAChangeThatPaysBackOnlyOverTheHistorysMix() {
        // +10% pays back a 14.8 s restart in 9 windows: not within a 3-step lookahead, well within
        // the 50-window horizon a 200-window history supports
        TuningDecision d = decider.decide(input(200, new ToyModel(0.10, 0.02, false), COST), PERSISTENCE_3);
        assertThat(d).isInstanceOf(TuningDecision.Propose.class);
        TuningDecision.Propose p = (TuningDecision.Propose) d;
        assertThat(p.basis()).isEqualTo(TuningDecision.Basis.HISTORY_MIX);
        assertThat(p.proposed()).isEqualTo(ToyModel.B);
        assertThat(p.horizonSteps()).isEqualTo(50);
        assertThat(p.startOffsetSeconds()).isZero();
        assertThat(p.predictedGain().expected()).isCloseTo(0.10, within(1e-9));
        assertThat(p.predictedGain().lower()).isCloseTo(0.08, within(1e-9));
        // 50 windows × 20 s × 100 ops/s gained, minus 14.8 s × 1100 ops/s lost to the restart
        assertThat(p.expectedNetGain()).isCloseTo(100_000 - 16_280, within(1.0));
        assertThat(p.reason()).isEqualTo("predicted gain 10.0% ± 2.0% on the mix of the 200 windows the cluster ran; net +8.4% "
                + "of the operations over the 16.7-minute payback horizon (50 windows, 25% of the history), its cost paid back "
                + "in 9 windows (on the forecast alone: no change pays for its cost within the 1-minute lookahead "
                + "(persistence, T_r 14.8 s))");
    }

    @Test
    void theHistorysMixIsTrustedOverAShareOfTheHistoryOnly() {
        // the same change, but 30 windows of history support a 7-window horizon: 9 windows to pay back is too long
        TuningDecision d = decider.decide(input(30, new ToyModel(0.10, 0.02, false), COST), PERSISTENCE_3);
        assertThat(((TuningDecision.Hold) d).kind()).isEqualTo(TuningDecision.HoldKind.NO_CHANGE_PAYS);
        assertThat(d.reason()).endsWith("on the mix of the 30 windows the cluster ran, no change pays back its cost within "
                + "the 2.3-minute payback horizon (7 windows, 25% of the history)");
        // judged on the forecast alone, the same long history changes nothing
        TuningDecider forecastOnly = new TuningDecider(ForecastSelector.standard(), new DecisionThresholds(0.05, 0, 0, 10, 1, 0));
        assertThat(forecastOnly.decide(input(200, new ToyModel(0.10, 0.02, false), COST), PERSISTENCE_3))
                .isInstanceOf(TuningDecision.Hold.class);
    }

    @Test
    void onTheHistorysMixTheGainNetOfTheCostMustReachTheThreshold() {
        // +2% pays back within the 100-window horizon of 400 windows, but nets 1.2% there: below the 5% minimum
        TuningDecision d = decider.decide(input(400, new ToyModel(0.02, 0.06, false), COST), PERSISTENCE_3);
        assertThat(((TuningDecision.Hold) d).kind()).isEqualTo(TuningDecision.HoldKind.NO_CHANGE_PAYS);
        assertThat(d.reason()).endsWith("on the mix of the 400 windows the cluster ran, the best change nets +1.2% of the "
                + "operations over the 33.3-minute payback horizon (100 windows, 25% of the history): below the 5% threshold");
        // +7% pays back in 12 windows, but nets only 4.4% over the 30-window horizon of 120 windows: a change
        // that pays back late within the horizon is not proposed either; over 400 windows' 100 it nets 6.2%
        TuningDecision late = decider.decide(input(120, new ToyModel(0.07, 0.01, false), COST), PERSISTENCE_3);
        assertThat(late.reason()).endsWith("the best change nets +4.4% of the operations over the 10-minute payback "
                + "horizon (30 windows, 25% of the history): below the 5% threshold");
        assertThat(decider.decide(input(400, new ToyModel(0.07, 0.01, false), COST), PERSISTENCE_3))
                .isInstanceOf(TuningDecision.Propose.class);
    }

    static final Configuration C = new Configuration(java.util.Map.of(ToyModel.KNOB, new KnobValue.IntValue(48)));

    /** B: +40% on reads, -20% on writes (fitted to the read phase); C: +14% on both (fitted to the mix). */
    static final UncertainThroughput PHASES = new UncertainThroughput() {
        @Override
        public Prediction predict(WorkloadVector w, Configuration c) {
            boolean reads = w.proportion(Operation.READ) > 0.5;
            double gain = c.equals(ToyModel.B) ? (reads ? 0.40 : -0.20) : c.equals(C) ? 0.14 : 0;
            return new Prediction(1000 * (1 + gain), 0);
        }

        @Override
        public List<String> outsideData(WorkloadVector w, Configuration c) {
            return List.of();
        }
    };

    /** 400 windows alternating runs of 20 read-heavy and 20 write-heavy windows, ending in a read run. */
    static DecisionInput phases() {
        List<WorkloadVector> windows = new ArrayList<>();
        for (int run = 0; run < 20; run++) {
            windows.addAll(Collections.nCopies(20, WorkloadVector.ofReadRatio(run % 2 == 0 ? 0.1 : 0.9, 1000)));
        }
        return new DecisionInput(new WorkloadSeries(0, 20, windows), ToyModel.A, List.of(ToyModel.A, ToyModel.B, C),
                PHASES, ToyModel.RESTART, COST);
    }

    @Test
    void prefersTheChangeForTheMixTheClusterRunsToOneFittedToTheForecastPhase() {
        // on a 9-step forecast of the read phase, B (+40%) pays and is not worse on the history (+10%), so the
        // forecast alone takes B; over the 100-window horizon of 400 windows C serves more: 100 steps at +14%
        // (263,128 operations net) against 9 at +40% and then 91 at +10% (233,280 net)
        TuningDecision.Propose byForecast = (TuningDecision.Propose) new TuningDecider(ForecastSelector.standard(),
                new DecisionThresholds(0.05, 0, 0, 10, 1, 0)).decide(phases(), PERSISTENCE_9);
        assertThat(byForecast.proposed()).isEqualTo(ToyModel.B);
        assertThat(byForecast.basis()).isEqualTo(TuningDecision.Basis.FORECAST);

        TuningDecision.Propose p = (TuningDecision.Propose) decider.decide(phases(), PERSISTENCE_9);
        assertThat(p.proposed()).isEqualTo(C);
        assertThat(p.basis()).isEqualTo(TuningDecision.Basis.HISTORY_MIX);
        assertThat(p.predictedGain().expected()).isCloseTo(0.14, within(1e-9));
        assertThat(p.reason()).contains("on the mix of the 400 windows the cluster ran")
                .contains("; nets +13.2% over 100 windows (the 9-step forecast, then the history's mix) against +11.7%")
                .endsWith("for the change the forecast supports");
    }
}
