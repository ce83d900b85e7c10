package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A restart-only mis-tuning applied the way an operator would: {@code cassandra.yaml} values laid
 * over every node's yaml by a rolling restart (drain, stop, edit, start, one node at a time, the next
 * only when the ring sees every node up). Shared by the benchmarks that switch a ring between two
 * yaml configurations.
 *
 * <pre>{@code
 * Map<String, Object> trap = RollingYaml.typed(Map.of("memtable_cleanup_threshold", "0.01"));
 * Duration took = RollingYaml.restartWith(ring, session, trap);
 * }</pre>
 */
public final class RollingYaml {

    private RollingYaml() {
    }

    /** Restarts every node in turn with {@code values} over its yaml (a null value removes the key); returns how long it took. */
    public static Duration restartWith(CassandraCluster ring, CqlSession session, Map<String, Object> values) throws Exception {
        Instant start = Instant.now();
        for (CassandraNode node : ring.nodes()) {
            node.restart(values, Duration.ofMinutes(3));
            ring.awaitAllUp(Duration.ofMinutes(2));
        }
        ring.awaitSessionConnected(session, Duration.ofSeconds(60));
        return Duration.between(start, Instant.now());
    }

    /** What {@code node}'s yaml holds now for each of {@code keys} (null: absent, Cassandra's own default applies). */
    public static Map<String, Object> current(CassandraNode node, Iterable<String> keys) throws Exception {
        Map<String, Object> yaml = CassandraYaml.read(node.yamlFile());
        Map<String, Object> values = new LinkedHashMap<>();
        keys.forEach(k -> values.put(k, yaml.get(k)));
        return values;
    }

    /** The yaml values as YAML would type them unquoted: integers, decimals, booleans, else text. */
    public static Map<String, Object> typed(Map<String, String> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            Object typedValue = v;
            if (v.matches("-?\\d+")) {
                typedValue = Long.parseLong(v);
            } else if (v.matches("-?\\d*\\.\\d+")) {
                typedValue = Double.parseDouble(v);
            } else if (v.equals("true") || v.equals("false")) {
                typedValue = Boolean.parseBoolean(v);
            }
            out.put(k, typedValue);
        });
        return out;
    }
}
