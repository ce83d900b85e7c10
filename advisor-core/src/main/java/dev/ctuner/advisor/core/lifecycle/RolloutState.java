package dev.ctuner.advisor.core.lifecycle;

/**
 * Where the rollout of an approved recommendation stands, persisted at every move so that an
 * advisor restart resumes it (ARCHITECTURE section 8). Allowed moves, {@link #TABLE}:
 *
 * <pre>
 * RUNNING      → PAUSED | SUCCEEDED | FAILED | ABORTED
 * PAUSED       → RUNNING | ABORTED | ROLLING_BACK
 * SUCCEEDED    → ROLLING_BACK          (an operator reverts a change that later disappoints)
 * FAILED       → ROLLING_BACK          (restore the nodes a halted rollout left changed; again after a failed rollback)
 * ABORTED      → ROLLING_BACK          (restore the nodes changed before the abort)
 * ROLLING_BACK → ROLLED_BACK | FAILED  (every changed node restored, or a rollback step failed or its pre-checks kept failing)
 * ROLLED_BACK: final
 * </pre>
 *
 * A rollback is requested by an operator; RUNNING is not among its sources: pause first, so that
 * the request never races a command the orchestrator is about to send.
 */
public enum RolloutState {
    RUNNING, PAUSED, SUCCEEDED, FAILED, ABORTED, ROLLING_BACK, ROLLED_BACK;

    public static final TransitionTable<RolloutState> TABLE = TransitionTable.builder(RolloutState.class)
            .allow(RUNNING, PAUSED, SUCCEEDED, FAILED, ABORTED)
            .allow(PAUSED, RUNNING, ABORTED, ROLLING_BACK)
            .allow(SUCCEEDED, ROLLING_BACK)
            .allow(FAILED, ROLLING_BACK)
            .allow(ABORTED, ROLLING_BACK)
            .allow(ROLLING_BACK, ROLLED_BACK, FAILED)
            .build();
}
