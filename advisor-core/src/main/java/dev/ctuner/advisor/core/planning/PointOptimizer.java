package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.catalog.Configuration;

/**
 * C_opt(W) (EUNOMIA §4.4): the best single configuration for one workload, from the static tuner.
 *
 * <pre>{@code
 * PointOptimizer opt = new RecommenderOptimizer(recommender, design, "zipfian", 42);
 * opt.optimum(WorkloadVector.ofReadRatio(0.9, 0));
 * }</pre>
 */
@FunctionalInterface
public interface PointOptimizer {

    Configuration optimum(WorkloadVector workload);
}
