package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;

/**
 * What the decider sees for one cluster at one decision period.
 *
 * <pre>{@code
 * DecisionInput in = new DecisionInput(series, current, cache.candidates(series.vectors(), current), model, tiers,
 *         CostInputs.rolling(OptionalDouble.empty(), 3, 1, 3));
 * }</pre>
 *
 * @param history    the cluster's workload series built from its stored samples, oldest window first
 * @param current    the configuration in effect (values read back from the nodes)
 * @param candidates configurations the planner may choose among (the current one is added if missing)
 * @param model      the throughput model with its uncertainty and training region
 * @param tiers      the cost tier of a change
 * @param cost       restart time, rounds and rewrite cost
 */
public record DecisionInput(WorkloadSeries history, Configuration current, List<Configuration> candidates,
                            UncertainThroughput model, TierClassifier tiers, CostInputs cost) {

    public DecisionInput {
        candidates = List.copyOf(candidates);
    }
}
