package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.safety.PlanMethod;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A stored rollout: its state, the round it is at, and each node's step, kept so that a restarted
 * advisor resumes where it stopped.
 *
 * <pre>{@code
 * rollouts.find(id).map(Rollout::currentRound);
 * }</pre>
 */
public record Rollout(UUID id, UUID recommendationId, RolloutState state, int currentRound, int totalRounds,
                      PlanMethod method, boolean aggressive, Instant createdAt, Instant updatedAt, long version,
                      List<NodeStep> steps) {

    public Rollout {
        steps = List.copyOf(steps);
    }

    public Rollout moved(RolloutState to, Instant at) {
        return new Rollout(id, recommendationId, to, currentRound, totalRounds, method, aggressive, createdAt, at,
                version + 1, steps);
    }
}
