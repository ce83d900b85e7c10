package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.KnobName;

/**
 * Evidence that two knobs interact (the effect of one depends on the level of the other).
 *
 * <pre>{@code
 * InteractionResult r = InteractionTest.test(samples, encoder, a, b, Target.THROUGHPUT, 3);
 * r.pValue() < 0.05;   // the additive model misses a real interaction
 * }</pre>
 *
 * @param fStatistic  partial F of the interaction cells over the additive (main effects) model
 * @param pValue      P(F ≥ fStatistic) under no interaction
 * @param r2Gain      R² of the cell-means model minus R² of the additive model
 * @param cells       non-empty (level of a × level of b) cells
 */
public record InteractionResult(KnobName a, KnobName b, int observations, int cells, double fStatistic,
                                double pValue, double r2Gain) {
}
