package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.catalog.Configuration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * EUNOMIA §4.4's cached f_ops: C_opt is computed for a subset of workloads (anchors) and any other
 * workload gets the optimum of its nearest anchor (Euclidean distance of the mixes). A workload
 * farther than {@code radius} from every anchor becomes a new anchor. Deterministic: the anchors
 * depend on the order of queries only. Not thread-safe.
 *
 * <pre>{@code
 * OptimumCache cache = new OptimumCache(optimizer, 0.1);
 * cache.warm(List.of(WorkloadVector.ofReadRatio(0.1, 0), WorkloadVector.ofReadRatio(0.9, 0)));
 * cache.candidates(forecast, current, defaults);   // distinct optima + current + default
 * }</pre>
 */
public final class OptimumCache {

    private final PointOptimizer optimizer;
    private final double radius;
    private final List<WorkloadVector> anchors = new ArrayList<>();
    private final List<Configuration> optima = new ArrayList<>();

    public OptimumCache(PointOptimizer optimizer, double radius) {
        if (!(radius >= 0)) {
            throw new IllegalArgumentException("radius must be non-negative, got " + radius);
        }
        this.optimizer = optimizer;
        this.radius = radius;
    }

    /** Computes the optimum of each workload that is not yet within the radius of an anchor. */
    public void warm(List<WorkloadVector> workloads) {
        workloads.forEach(this::optimum);
    }

    public Configuration optimum(WorkloadVector workload) {
        int nearest = -1;
        double distance = Double.POSITIVE_INFINITY;
        for (int i = 0; i < anchors.size(); i++) {
            double d = anchors.get(i).mixDistance(workload);
            if (d < distance) {
                distance = d;
                nearest = i;
            }
        }
        if (nearest >= 0 && distance <= radius) {
            return optima.get(nearest);
        }
        Configuration c = optimizer.optimum(workload);
        anchors.add(workload);
        optima.add(c);
        return c;
    }

    /** Number of optimiser calls made so far. */
    public int anchors() {
        return anchors.size();
    }

    /** Candidate set for a plan: {@code always} first (e.g. current, default), then the forecast's optima, distinct. */
    public List<Configuration> candidates(List<WorkloadVector> forecast, Configuration... always) {
        Set<Configuration> out = new LinkedHashSet<>(List.of(always));
        for (WorkloadVector w : forecast) {
            out.add(optimum(w));
        }
        return List.copyOf(out);
    }
}
