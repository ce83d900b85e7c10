package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.ArForecaster;
import dev.ctuner.advisor.core.forecast.Forecaster;
import dev.ctuner.advisor.core.forecast.ForecasterTrainer;
import dev.ctuner.advisor.core.forecast.MarkovForecaster;
import dev.ctuner.advisor.core.forecast.PersistenceForecaster;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.ReplanRule;
import dev.ctuner.advisor.core.planning.ThroughputModel;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.advisor.core.simulation.Simulator;
import dev.ctuner.common.catalog.Configuration;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses a cluster's forecaster and lookahead T_L by <em>value</em>: each forecaster is fitted on
 * the first {@code trainShare} of the cluster's own history, the planner ({@link Simulator#planner})
 * is replayed over the rest with each lookahead, starting from the current configuration, and the
 * pair whose plans served the most operations wins (the earlier forecaster and shorter lookahead on
 * a tie).
 *
 * <p>Why not by forecast RMSE, as EUNOMIA §6.3 does ({@link dev.ctuner.advisor.core.forecast.LookaheadRule}):
 * the planner needs a lookahead long enough for a change to pay back its cost, not a forecast that is
 * right at every step. A rolling restart costs rounds · T_r of throughput; with the 1-step horizon
 * that "RMSE within 10 points" gives on a job queue (the Markov chain's one-step RMSE there is 10-18
 * points), no change ever pays, and the planner leaves the whole gain that one static change takes
 * (+10.6% at 5 jobs, +14.3% at 10, docs/benchmarks/planner-results.md). A forecast wrong at every
 * step can still carry the average mix a restart pays off over; only scoring the planner itself
 * sees that.
 *
 * <pre>{@code
 * ForecastSelector s = ForecastSelector.standard();
 * ForecastChoice c = s.choose(history, current, candidates, model.mean(), cost, tiers);
 * c.forecaster();   // "markov2"
 * c.lookahead();    // 90
 * }</pre>
 */
public final class ForecastSelector {

    /** Lookaheads tried, in steps (EUNOMIA's HPC horizon is 180 steps of 20 s). */
    public static final List<Integer> LOOKAHEADS = List.of(1, 3, 9, 30, 90, 180);

    private final List<ForecasterTrainer> trainers;
    private final double trainShare;
    private final ReplanRule rule;
    private final double margin;

    /**
     * @param trainers   forecasters to choose among, in order of preference on a tie
     * @param trainShare share of the history the forecasters are fitted on (the rest is replayed), in (0, 1)
     * @param rule       when the replayed planner plans again
     * @param margin     the planner's margin (as {@link dev.ctuner.advisor.core.planning.Planner})
     */
    public ForecastSelector(List<ForecasterTrainer> trainers, double trainShare, ReplanRule rule, double margin) {
        if (trainers.isEmpty()) {
            throw new IllegalArgumentException("need at least one forecaster to choose from");
        }
        if (!(trainShare > 0 && trainShare < 1) || !(margin >= 0)) {
            throw new IllegalArgumentException("need 0 < trainShare < 1 and margin ≥ 0, got " + trainShare + ", " + margin);
        }
        this.trainers = List.copyOf(trainers);
        this.trainShare = trainShare;
        this.rule = rule;
        this.margin = margin;
    }

    /** Second-order Markov, AR(2) and persistence; fit on 70%, re-plan on a 0.3 departure after 3 steps. */
    public static ForecastSelector standard() {
        return new ForecastSelector(List.of(MarkovForecaster.trainer(2), ArForecaster.trainer(2, 0),
                ForecasterTrainer.of("persistence", new PersistenceForecaster())), 0.7, new ReplanRule(0.3, 3, 1), 0);
    }

    /** Steps of history the backtest needs: 2 to fit on and 1 to replay, at the least. */
    public int minimumHistory() {
        return Math.max(3, (int) Math.ceil(3 / (1 - trainShare)));
    }

    /**
     * @param history    the cluster's own workload series, oldest first
     * @param current    the configuration in effect
     * @param candidates configurations the planner may choose (the current one is added first if missing)
     * @param model      the planner's f_ops
     * @param cost       what a change costs
     * @param tiers      the cost tiers of each change
     */
    public ForecastChoice choose(WorkloadSeries history, Configuration current, List<Configuration> candidates,
                                 ThroughputModel model, CostModel cost, TierClassifier tiers) {
        if (history.size() < minimumHistory()) {
            throw new IllegalArgumentException("a backtest needs at least " + minimumHistory() + " steps of history, got "
                    + history.size());
        }
        int trainSteps = (int) (trainShare * history.size());
        WorkloadSeries replay = history.slice(trainSteps, history.size());
        Simulator probe = new Simulator(replay, withCurrentFirst(current, candidates), model, cost, tiers);
        List<ForecastChoice.Trial> trials = new ArrayList<>();
        ForecasterTrainer bestTrainer = trainers.get(0);
        int bestLookahead = 1;
        double bestOps = Double.NEGATIVE_INFINITY;
        for (ForecasterTrainer trainer : trainers) {
            Forecaster fitted = trainer.fit(history.vectors().subList(0, trainSteps));
            for (int lookahead : LOOKAHEADS) {
                if (lookahead > 1 && lookahead > replay.size()) {
                    break;
                }
                double ops = probe.planner("probe", fitted, lookahead, rule, margin, model).operations();
                trials.add(new ForecastChoice.Trial(trainer.name(), lookahead, ops));
                if (ops > bestOps) {
                    bestOps = ops;
                    bestTrainer = trainer;
                    bestLookahead = lookahead;
                }
            }
        }
        return new ForecastChoice(bestTrainer, bestLookahead, trials);
    }

    static List<Configuration> withCurrentFirst(Configuration current, List<Configuration> candidates) {
        List<Configuration> all = new ArrayList<>();
        all.add(current);
        candidates.stream().filter(c -> !c.equals(current)).distinct().forEach(all::add);
        return all;
    }
}
