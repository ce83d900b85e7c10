package dev.ctuner.advisor.core.lifecycle;

/**
 * Where the rollout of an approved recommendation stands, persisted at every move so that an
 * advisor restart resumes it (ARCHITECTURE section 8). Allowed moves, {@link #TABLE}:
 *
 * <pre>
 * RUNNING → PAUSED | SUCCEEDED | FAILED | ABORTED
 * PAUSED  → RUNNING | ABORTED
 * SUCCEEDED, FAILED, ABORTED: final
 * </pre>
 */
public enum RolloutState {
    RUNNING, PAUSED, SUCCEEDED, FAILED, ABORTED;

    public static final TransitionTable<RolloutState> TABLE = TransitionTable.builder(RolloutState.class)
            .allow(RUNNING, PAUSED, SUCCEEDED, FAILED, ABORTED)
            .allow(PAUSED, RUNNING, ABORTED)
            .build();
}
