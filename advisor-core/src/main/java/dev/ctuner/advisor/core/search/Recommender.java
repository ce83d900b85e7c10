package dev.ctuner.advisor.core.search;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The facade an adapter (REST, planner) calls: trained models + workload + objective + current
 * configuration in, a {@link Recommendation} out. Pure: no clock, randomness only from the seed.
 *
 * <pre>{@code
 * Recommender advisor = new Recommender(models, GeneticSearch.defaults(), 0.25);
 * Recommendation r = advisor.recommend(Workload.ofReadRatio(0.9), new PhysicalDesign(1, 1),
 *         new Objective.MaxThroughput(), currentExplicitSettings, 42);
 * }</pre>
 */
public final class Recommender {

    private final ModelSet models;
    private final GeneticSearch search;
    private final double maxRelativeSpread;

    /** @param maxRelativeSpread a prediction spread above this share of its mean flags the result */
    public Recommender(ModelSet models, GeneticSearch search, double maxRelativeSpread) {
        this.models = models;
        this.search = search;
        this.maxRelativeSpread = maxRelativeSpread;
    }

    public Recommendation recommend(Workload workload, PhysicalDesign design, Objective objective,
                                    Configuration current, long seed) {
        SearchProblem problem = new SearchProblem(models, workload, design, current, objective);
        SearchResult result = search.run(problem, seed);
        Candidate best = result.best();
        FeatureEncoder encoder = models.encoder();
        Map<Target, Prediction> now = models.predict(workload, design, current);
        List<String> cautions = new ArrayList<>(models.ranges().outside(best.genes(), workload));
        boolean outside = !cautions.isEmpty();
        for (Map.Entry<Target, Prediction> p : best.predictions().entrySet()) {
            if (p.getValue().relativeSpread() > maxRelativeSpread) {
                outside = true;
                cautions.add(String.format(Locale.ROOT, "%s prediction spread %.0f%% of its mean exceeds %.0f%%",
                        p.getKey(), 100 * p.getValue().relativeSpread(), 100 * maxRelativeSpread));
            }
        }
        best.broken().forEach(id -> cautions.add("breaks catalog constraint " + id));
        if (best.fitness().shortfall() > 0) {
            cautions.add(String.format(Locale.ROOT, "misses the objective's constraint by %.1f%%",
                    100 * best.fitness().shortfall()));
        }
        return new Recommendation(best.configuration(), best.predictions(), now, changes(encoder, current, best.configuration()),
                best.fitness().feasible(), outside, cautions, result.evaluations());
    }

    private static List<KnobChange> changes(FeatureEncoder encoder, Configuration current, Configuration proposed) {
        List<KnobChange> changes = new ArrayList<>();
        for (KnobName knob : encoder.knobs()) {
            KnobValue to = proposed.get(knob).orElseThrow();
            Optional<KnobValue> from = current.get(knob).or(() -> encoder.catalog().defaultOf(knob, encoder.facts()));
            boolean same = from.isPresent() && encoder.catalog().knob(knob).orElseThrow().sameValue(from.get(), to);
            if (!same) {
                changes.add(new KnobChange(knob, from, to));
            }
        }
        return changes;
    }
}
