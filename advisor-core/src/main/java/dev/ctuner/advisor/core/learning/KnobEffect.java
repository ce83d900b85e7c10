package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.KnobName;
import java.util.Optional;

/**
 * One knob's screening result: its ANOVA over the levels tried with everything else at the
 * baseline, or why it could not be tested.
 *
 * <pre>{@code
 * effect.anova().map(AnovaResult::pValue);   // Optional[0.003]
 * effect.untestableBecause();                // Optional.empty
 * }</pre>
 *
 * @param levels distinct values of the knob among its screening samples
 */
public record KnobEffect(KnobName knob, int levels, int samples, Optional<AnovaResult> anova,
                         Optional<String> untestableBecause) {

    /** The ranking score: the spread of the level means (RAFIKI §3.1 step 2), 0 when untestable. */
    public double score() {
        return anova.map(AnovaResult::spreadOfMeans).orElse(0.0);
    }
}
