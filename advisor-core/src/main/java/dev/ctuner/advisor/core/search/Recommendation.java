package dev.ctuner.advisor.core.search;

import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;
import java.util.Map;

/**
 * What the advisor proposes for a workload, with what the models expect of it and how far to
 * trust that. Elapsed time is measured by the caller, not here.
 *
 * <pre>{@code
 * Recommendation r = recommender.recommend(workload, design, objective, current, 42);
 * r.changes();        // [concurrent_writes 32 -> 64]
 * r.outsideData();    // true: explain r.cautions() before applying
 * }</pre>
 *
 * @param configuration the recommended values of the tuned knobs
 * @param predicted     predictions for the recommendation, with ensemble spread
 * @param current       predictions for the current configuration, for comparison
 * @param changes       knobs whose value differs from the current configuration
 * @param feasible      no ERROR catalog constraint broken and the objective's constraint met
 * @param outsideData   a value lies outside the training data's range or a spread is large
 * @param cautions      why {@code outsideData} or {@code feasible} is as it is
 * @param evaluations   surrogate evaluations used
 */
public record Recommendation(Configuration configuration, Map<Target, Prediction> predicted,
                             Map<Target, Prediction> current, List<KnobChange> changes, boolean feasible,
                             boolean outsideData, List<String> cautions, long evaluations) {

    public Recommendation {
        predicted = Map.copyOf(predicted);
        current = Map.copyOf(current);
        changes = List.copyOf(changes);
        cautions = List.copyOf(cautions);
    }
}
