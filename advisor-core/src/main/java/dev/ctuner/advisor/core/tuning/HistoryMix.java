package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;
import java.util.Optional;

/**
 * The cluster's own history as a stationary estimate of its workload: each candidate's mean
 * predicted throughput over the windows the cluster actually ran (RAFIKI's static optimisation: the
 * configuration best for the mix the cluster has been running), and the change that gains the most
 * on that mix over a horizon, net of its cost (EUNOMIA Eq. 8, charged at the mix's throughput).
 *
 * <p>Why: a forecast over a short lookahead sees one phase of a job queue or one run of a switching
 * workload; a costly change (a restart and a compaction rewrite) pays back only over many phases,
 * and what those phases average to is what the history shows.
 *
 * <pre>{@code
 * HistoryMix mix = HistoryMix.of(history.vectors(), current, candidates, model);
 * mix.best(cost, tiers, 450, history.stepSeconds());   // Optional[Change[configuration=..., paybackSteps=97.4, ...]]
 * mix.opsPerSecond(current);                           // mean over the history's windows
 * }</pre>
 */
final class HistoryMix {

    /**
     * The best change on the history's mix over {@code horizonSteps}.
     *
     * @param configuration  the candidate to change to
     * @param gainPerStep    operations gained per step over the current configuration, at the mix
     * @param loss           operations the change costs (EUNOMIA Eq. 8 at the mix's throughput)
     * @param stayPerStep    operations per step the current configuration serves at the mix
     * @param horizonSteps   the horizon it was judged over
     */
    record Change(Configuration configuration, double gainPerStep, double loss, double stayPerStep, int horizonSteps) {

        /** Operations gained over the horizon, net of the cost. */
        double netGain() {
            return horizonSteps * gainPerStep - loss;
        }

        /** Steps until the gain has paid for the cost. */
        double paybackSteps() {
            return loss / gainPerStep;
        }

        /** What staying serves over the horizon. */
        double stayOperations() {
            return horizonSteps * stayPerStep;
        }
    }

    private final List<WorkloadVector> windows;
    private final Configuration current;
    private final List<Configuration> configurations;
    private final double[] opsPerSecond;

    private HistoryMix(List<WorkloadVector> windows, Configuration current, List<Configuration> configurations,
                       double[] opsPerSecond) {
        this.windows = windows;
        this.current = current;
        this.configurations = configurations;
        this.opsPerSecond = opsPerSecond;
    }

    /** Averages the model's mean prediction of each candidate (and the current configuration) over the windows. */
    static HistoryMix of(List<WorkloadVector> windows, Configuration current, List<Configuration> candidates,
                         UncertainThroughput model) {
        if (windows.isEmpty()) {
            throw new IllegalArgumentException("the history's mix needs at least one window");
        }
        List<Configuration> all = ForecastSelector.withCurrentFirst(current, candidates);
        double[] ops = new double[all.size()];
        for (int k = 0; k < all.size(); k++) {
            double sum = 0;
            for (WorkloadVector w : windows) {
                sum += Math.max(0, model.predict(w, all.get(k)).mean());
            }
            ops[k] = sum / windows.size();
        }
        return new HistoryMix(List.copyOf(windows), current, all, ops);
    }

    /** The windows the mix is taken over. */
    List<WorkloadVector> windows() {
        return windows;
    }

    /** Mean predicted operations per second of a configuration over the history's windows. */
    double opsPerSecond(Configuration configuration) {
        int k = configurations.indexOf(configuration);
        if (k < 0) {
            throw new IllegalArgumentException("not a candidate of this mix: " + configuration);
        }
        return opsPerSecond[k];
    }

    /**
     * The candidate whose gain over {@code horizonSteps} at the mix, net of its cost, is the largest
     * (the earlier candidate on a tie); empty when no change gains more than it costs.
     */
    Optional<Change> best(CostModel cost, TierClassifier tiers, int horizonSteps, double stepSeconds) {
        double stay = opsPerSecond[0];
        Change best = null;
        for (int k = 1; k < configurations.size(); k++) {
            double gain = (opsPerSecond[k] - stay) * stepSeconds;
            if (!(gain > 0)) {
                continue;
            }
            double loss = cost.loss(tiers.tiers(current, configurations.get(k)), opsPerSecond[k]);
            Change c = new Change(configurations.get(k), gain, loss, stay * stepSeconds, horizonSteps);
            if (c.netGain() > 0 && (best == null || c.netGain() > best.netGain())) {
                best = c;
            }
        }
        return Optional.ofNullable(best);
    }
}
