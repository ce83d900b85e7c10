package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.KnobName;
import java.util.List;

/**
 * Knobs ordered by screening score, highest first, with the top-k cut at the largest drop.
 *
 * <pre>{@code
 * ImportanceRanking r = KnobImportance.screen(samples, baseline, knobs, Target.THROUGHPUT);
 * r.topK(1);   // the knobs before the largest drop in score, at least one
 * }</pre>
 */
public record ImportanceRanking(Target target, List<KnobEffect> effects) {

    public ImportanceRanking {
        effects = List.copyOf(effects);
    }

    /**
     * The knobs ranked above the largest absolute drop in score between neighbours (RAFIKI: "a
     * distinct drop in the variance when going from top-k to top-(k+1)"), looking only at cuts
     * that keep at least {@code minK} knobs. Untestable knobs (score 0) are never chosen.
     */
    public List<KnobName> topK(int minK) {
        List<KnobEffect> testable = effects.stream().filter(e -> e.anova().isPresent()).toList();
        if (testable.size() <= minK) {
            return testable.stream().map(KnobEffect::knob).toList();
        }
        int cut = Math.max(1, minK);
        double largest = -1;
        for (int k = Math.max(1, minK); k < testable.size(); k++) {
            double drop = testable.get(k - 1).score() - testable.get(k).score();
            if (drop > largest) {
                largest = drop;
                cut = k;
            }
        }
        return testable.subList(0, cut).stream().map(KnobEffect::knob).toList();
    }
}
