package dev.ctuner.sidecar.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A keyspace's replication: strategy and replication factor(s).
 *
 * <pre>{@code
 * Replication.simple(3).toCql();   // {'class': 'SimpleStrategy', 'replication_factor': 3}
 * Replication.networkTopology(Map.of("datacenter1", 3)).toCql();
 *                                  // {'class': 'NetworkTopologyStrategy', 'datacenter1': 3}
 * }</pre>
 *
 * @param strategy the replication strategy
 * @param factors  for SIMPLE one entry {@code replication_factor}; for NETWORK_TOPOLOGY one entry per
 *                 data center
 */
public record Replication(Strategy strategy, Map<String, Integer> factors) {

    /** Cassandra's replication strategies. */
    public enum Strategy {
        SIMPLE("SimpleStrategy"), NETWORK_TOPOLOGY("NetworkTopologyStrategy");

        private final String className;

        Strategy(String className) {
            this.className = className;
        }

        public String className() {
            return className;
        }
    }

    public Replication {
        if (strategy == null || factors == null || factors.isEmpty()) {
            throw new IllegalArgumentException("replication needs a strategy and at least one factor");
        }
        factors = Map.copyOf(new LinkedHashMap<>(factors));
        factors.forEach((name, factor) -> {
            if (factor < 1) {
                throw new IllegalArgumentException("replication factor must be >= 1, got " + name + "=" + factor);
            }
            if (!name.matches("[A-Za-z0-9_.\\-]+")) {
                throw new IllegalArgumentException("not a data center name: '" + name + "'");
            }
        });
        if (strategy == Strategy.SIMPLE && (factors.size() != 1 || !factors.containsKey("replication_factor"))) {
            throw new IllegalArgumentException("SimpleStrategy takes only replication_factor, got " + factors);
        }
    }

    public static Replication simple(int replicationFactor) {
        return new Replication(Strategy.SIMPLE, Map.of("replication_factor", replicationFactor));
    }

    public static Replication networkTopology(Map<String, Integer> factorPerDatacenter) {
        return new Replication(Strategy.NETWORK_TOPOLOGY, factorPerDatacenter);
    }

    /** The replication map as CQL, data centers in name order so that the text is stable. */
    public String toCql() {
        String entries = factors.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> "'" + e.getKey() + "': " + e.getValue())
                .collect(Collectors.joining(", "));
        return "{'class': '" + strategy.className() + "', " + entries + "}";
    }
}
