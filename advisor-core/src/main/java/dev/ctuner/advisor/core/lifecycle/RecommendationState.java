package dev.ctuner.advisor.core.lifecycle;

/**
 * Where a recommended configuration change stands (ARCHITECTURE section 8). The allowed moves are
 * {@link #TABLE}:
 *
 * <pre>
 * PROPOSED    → VETTED | REJECTED | SUPERSEDED   (vetting gates; an operator may reject at once)
 * VETTED      → APPROVED | REJECTED | SUPERSEDED
 * APPROVED    → ROLLING_OUT | REJECTED | SUPERSEDED  (an approval can be withdrawn while no node is touched)
 * ROLLING_OUT → VERIFIED | ROLLED_BACK | FAILED
 * FAILED      → ROLLED_BACK                       (the changed nodes restored after a halt)
 * VERIFIED    → ROLLED_BACK                       (an operator reverts a change that later disappoints)
 * REJECTED, SUPERSEDED, ROLLED_BACK: final
 * </pre>
 *
 * SUPERSEDED exists because the advisor proposes again whenever the workload moves (EUNOMIA
 * re-plans on every forecast): a newer recommendation for the same cluster retires an older one
 * that was not yet rolled out, without calling it rejected.
 */
public enum RecommendationState {
    PROPOSED, VETTED, APPROVED, ROLLING_OUT, VERIFIED, ROLLED_BACK, FAILED, REJECTED, SUPERSEDED;

    public static final TransitionTable<RecommendationState> TABLE = TransitionTable.builder(RecommendationState.class)
            .allow(PROPOSED, VETTED, REJECTED, SUPERSEDED)
            .allow(VETTED, APPROVED, REJECTED, SUPERSEDED)
            .allow(APPROVED, ROLLING_OUT, REJECTED, SUPERSEDED)
            .allow(ROLLING_OUT, VERIFIED, ROLLED_BACK, FAILED)
            .allow(FAILED, ROLLED_BACK)
            .allow(VERIFIED, ROLLED_BACK)
            .build();
}
