package dev.ctuner.advisor.advice;

import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.core.search.Objective;
import dev.ctuner.advisor.core.search.Recommendation;
import dev.ctuner.advisor.learning.ModelProvenance;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import java.util.Map;

/**
 * The advisor's answer to an {@link AdviceQuery}: the core's recommendation plus what only the
 * adapter knows: the apply tier of each change, the model's provenance, the seed used and the
 * wall-clock time the search took.
 *
 * <pre>{@code
 * Advice a = adviceService.advise(query);
 * a.recommendation().changes();   a.tiers();   a.elapsedMs();
 * }</pre>
 *
 * @param current the current configuration as parsed (explicit settings only)
 * @param tiers   per changed knob, how the change is applied (catalog)
 */
public record Advice(Workload workload, Objective objective, Configuration current, Recommendation recommendation,
                     Map<KnobName, ApplyMode> tiers, ModelProvenance model, long seed, long elapsedMs) {

    public Advice {
        tiers = Map.copyOf(tiers);
    }
}
