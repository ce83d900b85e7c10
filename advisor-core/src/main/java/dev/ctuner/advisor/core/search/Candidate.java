package dev.ctuner.advisor.core.search;

import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;
import java.util.Map;

/**
 * A decoded, evaluated point of the search space.
 *
 * <pre>{@code
 * Candidate c = problem.evaluate(genes);
 * c.fitness().feasible();
 * }</pre>
 *
 * @param configuration the chosen knobs' legal values
 * @param genes         the point in the unit cube the configuration was decoded from (repaired)
 * @param broken        ids of catalog constraints (ERROR) the effective configuration breaks
 */
public record Candidate(Configuration configuration, double[] genes, Map<Target, Prediction> predictions,
                        List<String> broken, Fitness fitness) {

    public Candidate {
        genes = genes.clone();
        predictions = Map.copyOf(predictions);
        broken = List.copyOf(broken);
    }

    @Override
    public double[] genes() {
        return genes.clone();
    }
}
