package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.common.catalog.Configuration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembers a model's predictions per (workload, configuration): the decider and its backtests ask
 * the same points many times, and a forest's prediction costs far more than a lookup. Not thread-safe;
 * one per replay or decision.
 *
 * <pre>{@code
 * UncertainThroughput fast = new CachedThroughput(new ModelSetThroughput(models, design, "zipfian", w -> w));
 * }</pre>
 */
public final class CachedThroughput implements UncertainThroughput {

    private record Key(WorkloadVector workload, Configuration configuration) {
    }

    private final UncertainThroughput model;
    private final Map<Key, Prediction> predictions = new HashMap<>();

    public CachedThroughput(UncertainThroughput model) {
        this.model = model;
    }

    @Override
    public Prediction predict(WorkloadVector workload, Configuration configuration) {
        return predictions.computeIfAbsent(new Key(workload, configuration), k -> model.predict(workload, configuration));
    }

    @Override
    public List<String> outsideData(WorkloadVector workload, Configuration configuration) {
        return model.outsideData(workload, configuration);
    }
}
