package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * {@link UncertainThroughput} from the learning core: the throughput surrogate's ensemble mean and
 * spread, and the model set's {@link dev.ctuner.advisor.core.learning.ObservedRanges} for the
 * outside-the-data flag. {@code asMeasured} maps a workload onto what the data measured (for
 * example {@link WorkloadVector#insertsAsUpdates} for a model that never saw inserts).
 *
 * <pre>{@code
 * UncertainThroughput m = new ModelSetThroughput(models, new PhysicalDesign(3, 3), "zipfian",
 *         WorkloadVector::insertsAsUpdates);
 * }</pre>
 */
public final class ModelSetThroughput implements UncertainThroughput {

    private final ModelSet models;
    private final PhysicalDesign design;
    private final String distribution;
    private final UnaryOperator<WorkloadVector> asMeasured;

    public ModelSetThroughput(ModelSet models, PhysicalDesign design, String distribution,
                              UnaryOperator<WorkloadVector> asMeasured) {
        if (models.model(Target.THROUGHPUT).isEmpty()) {
            throw new IllegalArgumentException("the model set has no throughput model");
        }
        this.models = models;
        this.design = design;
        this.distribution = distribution;
        this.asMeasured = asMeasured;
    }

    @Override
    public Prediction predict(WorkloadVector workload, Configuration configuration) {
        double[] x = models.encoder().encode(asMeasured.apply(workload).toWorkload(distribution), design, configuration);
        return models.model(Target.THROUGHPUT).orElseThrow().predict(x);
    }

    @Override
    public List<String> outsideData(WorkloadVector workload, Configuration configuration) {
        return models.ranges().outside(models.encoder().toGenes(configuration),
                asMeasured.apply(workload).toWorkload(distribution));
    }
}
