package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.planning.ThroughputModel;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;

/**
 * The throughput model the tuning loop plans with: a prediction with its spread (the surrogate's
 * uncertainty, ARCHITECTURE §6) and why a point lies outside the data the model was trained on.
 *
 * <pre>{@code
 * UncertainThroughput model = new ModelSetThroughput(models, design, "zipfian");
 * model.predict(WorkloadVector.ofReadRatio(0.9, 0), current);   // Prediction[mean=41200, spread=1900]
 * model.outsideData(w, candidate);                               // [] when inside the data
 * }</pre>
 */
public interface UncertainThroughput {

    Prediction predict(WorkloadVector workload, Configuration configuration);

    /** Why this point is an extrapolation (knob or mix outside the training data); empty when inside. */
    List<String> outsideData(WorkloadVector workload, Configuration configuration);

    /** The mean prediction as the planner's f_ops (negative predictions count as 0). */
    default ThroughputModel mean() {
        return (w, c) -> Math.max(0, predict(w, c).mean());
    }
}
