package dev.ctuner.advisor.rollout;

/**
 * When a halted rollout rolls its changed nodes back by itself ({@code ctuner.advisor.rollout.rollback-policy}).
 * Whatever the policy, an operator can roll back a stopped rollout on request
 * ({@code POST /api/v1/rollouts/{id}/rollback}).
 *
 * <pre>
 * ctuner.advisor.rollout.rollback-policy: CANARY_AND_LAST_ROUND
 * </pre>
 */
public enum RollbackPolicy {
    /** Never: a halted rollout ends FAILED and its changed nodes keep the change until an operator asks. */
    NEVER,
    /** When the canary fails: its command fails, it is not UP_NORMAL in time, or its comparison window fails. */
    CANARY,
    /**
     * As {@link #CANARY}, and also when a node of the last round fails its verification after its
     * change was carried out (every node carries the change by then).
     */
    CANARY_AND_LAST_ROUND,
    /** When any node fails (the default). */
    ANY_FAILURE;

    /**
     * Whether a halt rolls back by itself.
     *
     * @param canaryFailed the canary's step failed (or its sidecar restored it)
     * @param lastRoundVerificationFailed a node of the last round failed after its command was done
     */
    public boolean rollsBack(boolean canaryFailed, boolean lastRoundVerificationFailed) {
        return switch (this) {
            case NEVER -> false;
            case CANARY -> canaryFailed;
            case CANARY_AND_LAST_ROUND -> canaryFailed || lastRoundVerificationFailed;
            case ANY_FAILURE -> true;
        };
    }
}
