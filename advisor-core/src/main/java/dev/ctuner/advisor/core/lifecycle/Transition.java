package dev.ctuner.advisor.core.lifecycle;

import java.time.Instant;
import java.util.Objects;

/**
 * The audit record of one move of a state machine: from which state to which, who made it, when
 * (passed in, never read from a clock here) and why.
 *
 * <pre>{@code
 * new Transition<>(RecommendationState.VETTED, RecommendationState.APPROVED, "alice", now, "looks good");
 * }</pre>
 */
public record Transition<S extends Enum<S>>(S from, S to, String actor, Instant at, String reason) {

    public Transition {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(at, "at");
        if (actor == null || actor.isBlank()) {
            throw new IllegalArgumentException("a move needs the actor who made it");
        }
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a move needs a reason");
        }
    }
}
