package dev.ctuner.advisor.rollout;

import java.util.List;

/**
 * A rollback refused because a later rollout changed the same knobs (or table options) on the
 * same nodes: restoring this rollout's "previous" values would overwrite the later change with
 * values older than it. The later rollouts are named so the operator can roll them back first.
 */
public final class RollbackConflictException extends RuntimeException {

    private final List<String> conflicts;

    public RollbackConflictException(String rolloutId, List<String> conflicts) {
        super("rollout " + rolloutId + " cannot be rolled back: " + String.join("; ", conflicts)
                + ". Roll back the later rollout(s) first, newest first, or submit the values you want as a new recommendation");
        this.conflicts = List.copyOf(conflicts);
    }

    public List<String> conflicts() {
        return conflicts;
    }
}
