package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.message.PhysicalDesign;

/**
 * f_ops from the learning core: the throughput surrogate's mean prediction (EUNOMIA uses RAFIKI's
 * surrogate the same way). Negative predictions count as 0.
 *
 * <pre>{@code
 * ThroughputModel f = new SurrogateThroughput(models, new PhysicalDesign(1, 1), "zipfian");
 * }</pre>
 */
public final class SurrogateThroughput implements ThroughputModel {

    private final ModelSet models;
    private final PhysicalDesign design;
    private final String distribution;

    public SurrogateThroughput(ModelSet models, PhysicalDesign design, String distribution) {
        if (models.model(Target.THROUGHPUT).isEmpty()) {
            throw new IllegalArgumentException("the model set has no throughput model");
        }
        this.models = models;
        this.design = design;
        this.distribution = distribution;
    }

    @Override
    public double opsPerSecond(WorkloadVector workload, Configuration configuration) {
        double[] x = models.encoder().encode(workload.toWorkload(distribution), design, configuration);
        Prediction p = models.model(Target.THROUGHPUT).orElseThrow().predict(x);
        return Math.max(0, p.mean());
    }
}
