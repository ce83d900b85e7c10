package dev.ctuner.advisor.core.lifecycle;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The allowed moves of a state machine, written as data, and the only way to make one: a move
 * that the table allows yields its audit record, any other is refused naming the allowed moves.
 *
 * <pre>{@code
 * TransitionTable<RolloutState> table = TransitionTable.builder(RolloutState.class)
 *         .allow(RolloutState.RUNNING, RolloutState.PAUSED, RolloutState.SUCCEEDED).build();
 * Transition<RolloutState> t = table.move(RolloutState.RUNNING, RolloutState.PAUSED, "alice", now, "maintenance window");
 * }</pre>
 */
public final class TransitionTable<S extends Enum<S>> {

    private final Class<S> type;
    private final Map<S, Set<S>> allowed;

    private TransitionTable(Class<S> type, Map<S, Set<S>> allowed) {
        this.type = type;
        EnumMap<S, Set<S>> copy = new EnumMap<>(type);
        for (S state : type.getEnumConstants()) {
            Set<S> to = allowed.getOrDefault(state, EnumSet.noneOf(type));
            copy.put(state, Collections.unmodifiableSet(to.isEmpty() ? EnumSet.noneOf(type) : EnumSet.copyOf(to)));
        }
        this.allowed = Collections.unmodifiableMap(copy);
    }

    public static <S extends Enum<S>> Builder<S> builder(Class<S> type) {
        return new Builder<>(type);
    }

    /** The states reachable in one move from {@code from}; empty for a final state. */
    public Set<S> allowedFrom(S from) {
        return allowed.get(from);
    }

    public boolean isAllowed(S from, S to) {
        return allowed.get(from).contains(to);
    }

    public boolean isFinal(S state) {
        return allowed.get(state).isEmpty();
    }

    /**
     * Makes a move, returning its audit record.
     *
     * @throws IllegalTransitionException when the table does not allow it
     * @throws IllegalArgumentException when who or why is blank: every move is accounted for
     */
    public Transition<S> move(S from, S to, String actor, Instant at, String reason) {
        if (!isAllowed(from, to)) {
            throw new IllegalTransitionException(type.getSimpleName(), from.name(), to.name(),
                    allowedFrom(from).stream().map(Enum::name).toList());
        }
        return new Transition<>(from, to, actor, at, reason);
    }

    /** Collects the moves of a table. */
    public static final class Builder<S extends Enum<S>> {
        private final Class<S> type;
        private final Map<S, Set<S>> allowed;

        private Builder(Class<S> type) {
            this.type = type;
            this.allowed = new EnumMap<>(type);
        }

        @SafeVarargs
        public final Builder<S> allow(S from, S... to) {
            Set<S> targets = allowed.computeIfAbsent(from, f -> EnumSet.noneOf(type));
            for (S target : to) {
                if (target == from) {
                    throw new IllegalArgumentException("a move must change the state: " + from);
                }
                targets.add(target);
            }
            return this;
        }

        public TransitionTable<S> build() {
            return new TransitionTable<>(type, allowed);
        }
    }
}
