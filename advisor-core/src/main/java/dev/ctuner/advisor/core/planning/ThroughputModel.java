package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.catalog.Configuration;

/**
 * f_ops (EUNOMIA §4.4): the cluster throughput H_sys a configuration gives for a workload, with
 * clients saturating the cluster as in EUNOMIA's experiments (the vector's rate is not a cap).
 *
 * <pre>{@code
 * ThroughputModel f = new SurrogateThroughput(models, new PhysicalDesign(3, 3), "zipfian");
 * f.opsPerSecond(WorkloadVector.ofReadRatio(0.9, 0), configuration);
 * }</pre>
 */
@FunctionalInterface
public interface ThroughputModel {

    double opsPerSecond(WorkloadVector workload, Configuration configuration);
}
