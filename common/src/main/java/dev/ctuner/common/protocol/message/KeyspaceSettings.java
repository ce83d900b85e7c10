package dev.ctuner.common.protocol.message;

import java.util.Map;

/**
 * One keyspace's replication as {@code system_schema.keyspaces} holds it: the strategy class and
 * its options (for NetworkTopologyStrategy DC → RF, for SimpleStrategy
 * {@code replication_factor}), without the {@code class} entry.
 *
 * <pre>{@code
 * new KeyspaceSettings("shop", "org.apache.cassandra.locator.NetworkTopologyStrategy", Map.of("dc1", "3"));
 * }</pre>
 */
public record KeyspaceSettings(String name, String strategy, Map<String, String> replication) {

    public KeyspaceSettings {
        Checks.nonBlank(name, "keyspaces.name");
        Checks.nonBlank(strategy, "keyspaces['" + name + "'].strategy");
        replication = Checks.sortedStrings(replication, "keyspaces['" + name + "'].replication");
        if (replication.containsKey("class")) {
            throw new IllegalArgumentException("keyspaces['" + name + "'].replication must not repeat the class; "
                    + "it is in strategy");
        }
    }

    /** The strategy's simple name: {@code NetworkTopologyStrategy} for either spelling of the class. */
    public String strategyName() {
        int dot = strategy.lastIndexOf('.');
        return dot < 0 ? strategy : strategy.substring(dot + 1);
    }
}
