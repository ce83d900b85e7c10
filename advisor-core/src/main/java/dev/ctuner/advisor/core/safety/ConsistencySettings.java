package dev.ctuner.advisor.core.safety;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The consistency level each keyspace's applications use, as the operator configures it (the
 * cluster cannot tell: a level is chosen per request by the clients), and the keyspaces a rollout
 * need not keep available.
 *
 * <pre>{@code
 * new ConsistencySettings(Optional.of(ConsistencyLevel.LOCAL_QUORUM), Map.of("audit", ConsistencyLevel.ONE),
 *         Set.of("system_traces"));
 * }</pre>
 *
 * @param defaultLevel the level of a keyspace with no entry; empty makes such a keyspace with more than
 *                     one replica a refusal, so that no level is assumed silently
 * @param perKeyspace  keyspace → level; wins over the default
 * @param ignored      keyspaces left out of the ring: their availability during a rollout is not checked
 */
public record ConsistencySettings(Optional<ConsistencyLevel> defaultLevel, Map<String, ConsistencyLevel> perKeyspace,
                                  Set<String> ignored) {

    public ConsistencySettings {
        Objects.requireNonNull(defaultLevel, "defaultLevel");
        perKeyspace = Map.copyOf(new TreeMap<>(perKeyspace));
        ignored = Set.copyOf(new TreeSet<>(ignored));
    }

    /** LOCAL_QUORUM for every keyspace, nothing ignored. */
    public static ConsistencySettings localQuorum() {
        return new ConsistencySettings(Optional.of(ConsistencyLevel.LOCAL_QUORUM), Map.of(), Set.of());
    }

    /** The level configured for {@code keyspace}: its own entry, else the default. */
    public Optional<ConsistencyLevel> levelOf(String keyspace) {
        return Optional.ofNullable(perKeyspace.get(keyspace)).or(() -> defaultLevel);
    }
}
