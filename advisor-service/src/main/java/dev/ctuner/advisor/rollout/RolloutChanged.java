package dev.ctuner.advisor.rollout;

import java.util.UUID;

/** Published when an operator starts, resumes, pauses or aborts a rollout, so the orchestrator looks at once. */
public record RolloutChanged(UUID rolloutId) {
}
