package dev.ctuner.advisor.store;

import java.time.Instant;
import java.util.Optional;

/**
 * One line of an audit trail: a state change (or creation, without {@code from}), who, when, why.
 *
 * <pre>{@code
 * new AuditEntry<>(Optional.of(RecommendationState.VETTED), RecommendationState.APPROVED, "alice", now, "ok");
 * }</pre>
 */
public record AuditEntry<S extends Enum<S>>(Optional<S> from, S to, String actor, Instant at, String reason) {
}
