package dev.ctuner.advisor.core.tuning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.simulation.Simulator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoopReplayTest {

    final TuningDecider decider = new TuningDecider(ForecastSelector.standard(), DecisionThresholds.standard());
    final List<dev.ctuner.common.catalog.Configuration> candidates = List.of(ToyModel.A, ToyModel.B);
    final ToyModel model = new ToyModel(0.10, 0.01, false);

    final Simulator sim = new Simulator(ToyModel.steady(90), candidates, model.mean(), TuningDeciderTest.COST.costModel(),
            ToyModel.RESTART);

    /** 90 steady windows after {@code history} steady windows, approved at once. */
    LoopReplay.Result replay(int history) {
        return new LoopReplay(decider, SupersedeRule.standard(), 0, 30, 200).run(ToyModel.steady(history),
                ToyModel.steady(90), candidates, model, model.mean(), ToyModel.RESTART, TuningDeciderTest.COST);
    }

    @Test
    void onASteadyWorkloadTheLoopMakesTheOneChangeStaticOptimalMakes() {
        LoopReplay.Result r = replay(100);
        assertThat(r.served().reconfigurations()).isEqualTo(1);
        assertThat(r.changeSteps()).containsExactly(0);
        assertThat(r.proposals()).isEqualTo(1);
        assertThat(r.served().operations()).isEqualTo(sim.staticOptimal().operations());
        assertThat(r.served().operations()).isGreaterThan(sim.defaultPolicy().operations());
    }

    @Test
    void aColdStartWaitsForHistory() {
        LoopReplay.Result r = replay(0);
        assertThat(r.served().reconfigurations()).isEqualTo(1);
        // decides from window 10 on, but the backtest (the last 30% of the history) only allows a lookahead
        // in which the restart pays (9 steps) once 30 windows are stored; it re-chooses at window 40. On the
        // history's mix, +10% nets 5% over the horizon only from 17 windows on, that is 68 windows of history
        assertThat(r.changeSteps()).containsExactly(40);
        assertThat(r.served().operations()).isLessThan(sim.staticOptimal().operations());
    }

    @Test
    void aProposalAwaitingApprovalIsSupersededWhenTheWorkloadMoves() {
        // B is proposed for reads; before the (slow) approval the workload turns write-heavy for good
        List<WorkloadVector> trace = new ArrayList<>(Collections.nCopies(2, WorkloadVector.ofReadRatio(0.9, 1000)));
        trace.addAll(Collections.nCopies(40, WorkloadVector.ofReadRatio(0.1, 1000)));
        LoopReplay.Result r = new LoopReplay(decider, SupersedeRule.standard(), 20, 30, 200)
                .run(ToyModel.steady(100), new WorkloadSeries(0, 20, trace), candidates, model, model.mean(),
                        ToyModel.RESTART, TuningDeciderTest.COST);
        assertThat(r.superseded()).isGreaterThanOrEqualTo(1);
    }
}
