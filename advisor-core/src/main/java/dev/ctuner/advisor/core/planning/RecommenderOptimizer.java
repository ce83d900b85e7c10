package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.search.Objective;
import dev.ctuner.advisor.core.search.Recommender;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.message.PhysicalDesign;

/**
 * C_opt from the search core: the {@link Recommender}'s maximum-throughput configuration for the
 * workload's mix (EUNOMIA wraps RAFIKI the same way). Same seed for every workload, so the answer
 * depends on the workload only.
 *
 * <pre>{@code
 * PointOptimizer opt = new RecommenderOptimizer(new Recommender(models, GeneticSearch.defaults(), 0.25),
 *         new PhysicalDesign(1, 1), "zipfian", 42);
 * }</pre>
 */
public final class RecommenderOptimizer implements PointOptimizer {

    private final Recommender recommender;
    private final PhysicalDesign design;
    private final String distribution;
    private final long seed;

    public RecommenderOptimizer(Recommender recommender, PhysicalDesign design, String distribution, long seed) {
        this.recommender = recommender;
        this.design = design;
        this.distribution = distribution;
        this.seed = seed;
    }

    @Override
    public Configuration optimum(WorkloadVector workload) {
        return recommender.recommend(workload.toWorkload(distribution), design, new Objective.MaxThroughput(),
                Configuration.EMPTY, seed).configuration();
    }
}
