package dev.ctuner.advisor.core.lifecycle;

/**
 * Where a recommended configuration change stands (ARCHITECTURE section 8). The allowed moves are
 * {@link #TABLE}:
 *
 * <pre>
 * PROPOSED    → VETTED | REJECTED | SUPERSEDED   (vetting gates; an operator may reject at once)
 * VETTED      → APPROVED | REJECTED | SUPERSEDED
 * APPROVED    → ROLLING_OUT | REJECTED | SUPERSEDED  (an approval can be withdrawn while no node is touched)
 * ROLLING_OUT  → VERIFIED | ROLLED_BACK | FAILED | ROLLING_BACK
 *                (ROLLED_BACK: a halted rollout restored every changed node by itself;
 *                 ROLLING_BACK: an operator asked to roll back a paused rollout)
 * VERIFIED     → ROLLING_BACK                     (an operator reverts a change that later disappoints)
 * FAILED       → ROLLING_BACK                     (restore the nodes a failed or aborted rollout left changed)
 * ROLLING_BACK → ROLLED_BACK | FAILED
 * REJECTED, SUPERSEDED, ROLLED_BACK: final
 * </pre>
 *
 * SUPERSEDED exists because the advisor proposes again whenever the workload moves (EUNOMIA
 * re-plans on every forecast): a newer recommendation for the same cluster retires an older one
 * that was not yet rolled out, without calling it rejected.
 */
public enum RecommendationState {
    PROPOSED, VETTED, APPROVED, ROLLING_OUT, VERIFIED, ROLLING_BACK, ROLLED_BACK, FAILED, REJECTED, SUPERSEDED;

    public static final TransitionTable<RecommendationState> TABLE = TransitionTable.builder(RecommendationState.class)
            .allow(PROPOSED, VETTED, REJECTED, SUPERSEDED)
            .allow(VETTED, APPROVED, REJECTED, SUPERSEDED)
            .allow(APPROVED, ROLLING_OUT, REJECTED, SUPERSEDED)
            .allow(ROLLING_OUT, VERIFIED, ROLLED_BACK, FAILED, ROLLING_BACK)
            .allow(VERIFIED, ROLLING_BACK)
            .allow(FAILED, ROLLING_BACK)
            .allow(ROLLING_BACK, ROLLED_BACK, FAILED)
            .build();
}
