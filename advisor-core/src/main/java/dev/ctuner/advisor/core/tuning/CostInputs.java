package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.planning.CostModel;
import java.util.OptionalDouble;

/**
 * What a change costs this cluster, as the decider charges it (EUNOMIA Eq. 8): the restart time T_r
 * measured from this cluster's own rollouts when there is one, else {@link CostModel#MEASURED_RESTART_SECONDS};
 * the rounds the safety planner gives; the schema-rewrite cost.
 *
 * <pre>{@code
 * CostInputs c = CostInputs.rolling(OptionalDouble.of(21.3), 3, 1, 3);   // T_r from this cluster's rollouts
 * c.costModel().outageSeconds(Set.of(ApplyMode.RESTART));                  // 3 · (1/3) · 21.3
 * }</pre>
 *
 * @param measuredRestartSeconds T_r measured on this cluster (mean seconds one node is out), empty if never measured
 * @param nodes                  N_s
 * @param nodesDownPerRound      R, from the safety planner
 * @param rounds                 rounds from the safety planner
 * @param rewriteFraction        share of throughput a compaction-strategy rewrite takes while it runs
 * @param rewriteSeconds         how long that rewrite runs
 */
public record CostInputs(OptionalDouble measuredRestartSeconds, int nodes, int nodesDownPerRound, int rounds,
                         double rewriteFraction, double rewriteSeconds) {

    public CostInputs {
        if (measuredRestartSeconds.isPresent() && !(measuredRestartSeconds.getAsDouble() >= 0)) {
            throw new IllegalArgumentException("a measured restart time must be non-negative, got "
                    + measuredRestartSeconds.getAsDouble());
        }
        costModel(measuredRestartSeconds.orElse(CostModel.MEASURED_RESTART_SECONDS), nodes, nodesDownPerRound, rounds,
                rewriteFraction, rewriteSeconds);   // validates the rest
    }

    /** A rolling restart without schema costs. */
    public static CostInputs rolling(OptionalDouble measuredRestartSeconds, int nodes, int nodesDownPerRound, int rounds) {
        return new CostInputs(measuredRestartSeconds, nodes, nodesDownPerRound, rounds, 0, 0);
    }

    /** T_r charged: the cluster's measured value, else the project's measured default. */
    public double restartSeconds() {
        return measuredRestartSeconds.orElse(CostModel.MEASURED_RESTART_SECONDS);
    }

    public CostModel costModel() {
        return costModel(restartSeconds(), nodes, nodesDownPerRound, rounds, rewriteFraction, rewriteSeconds);
    }

    private static CostModel costModel(double restart, int nodes, int down, int rounds, double fraction, double seconds) {
        return new CostModel(restart, nodes, down, rounds, fraction, seconds, 0);
    }
}
