package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Hand-built inputs: two configurations of one knob, B faster than A by {@code gain} with {@code spread}. */
record ToyModel(double gain, double spread, boolean bOutside) implements UncertainThroughput {

    static final KnobName KNOB = KnobName.of("concurrent_reads");
    static final Configuration A = new Configuration(Map.of(KNOB, new KnobValue.IntValue(32)));
    static final Configuration B = new Configuration(Map.of(KNOB, new KnobValue.IntValue(64)));
    static final TierClassifier RESTART = (from, to) -> from.equals(to) ? Set.of() : Set.of(ApplyMode.RESTART);

    @Override
    public Prediction predict(WorkloadVector workload, Configuration configuration) {
        return configuration.equals(B) ? new Prediction(1000 * (1 + gain), 1000 * spread) : new Prediction(1000, 0);
    }

    @Override
    public List<String> outsideData(WorkloadVector workload, Configuration configuration) {
        return bOutside && configuration.equals(B) ? List.of("concurrent_reads at 1.000 of its domain") : List.of();
    }

    static WorkloadSeries steady(int windows) {
        return new WorkloadSeries(0, 20, Collections.nCopies(windows, WorkloadVector.ofReadRatio(0.9, 1000)));
    }
}
