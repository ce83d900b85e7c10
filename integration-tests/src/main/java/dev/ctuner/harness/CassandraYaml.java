package dev.ctuner.harness;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The cassandra.yaml the harness writes: the keys without which 5.0 does not start (commit log
 * sync, partitioner, snitch), addresses and seeds, 16 tokens as the shipped yaml has; everything
 * else at Cassandra's own defaults unless overridden. Override keys may be dotted
 * ({@code sstable.selected_format}) and become nested maps.
 */
public final class CassandraYaml {

    private CassandraYaml() {
    }

    public static Map<String, Object> defaults(String clusterName, String address, String seed) {
        Map<String, Object> yaml = new LinkedHashMap<>();
        yaml.put("cluster_name", clusterName);
        yaml.put("num_tokens", 16);
        yaml.put("allocate_tokens_for_local_replication_factor", 3);
        yaml.put("partitioner", "org.apache.cassandra.dht.Murmur3Partitioner");
        yaml.put("endpoint_snitch", "SimpleSnitch");
        yaml.put("commitlog_sync", "periodic");
        yaml.put("commitlog_sync_period", "10000ms");
        yaml.put("seed_provider", List.of(Map.of(
                "class_name", "org.apache.cassandra.locator.SimpleSeedProvider",
                "parameters", List.of(Map.of("seeds", seed + ":7000")))));
        yaml.put("listen_address", address);
        yaml.put("rpc_address", address);
        return yaml;
    }

    /** {@code base} with {@code overrides} laid over it; a null override value removes the key. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> merge(Map<String, Object> base, Map<String, Object> overrides) {
        Map<String, Object> merged = deepCopy(base);
        for (Map.Entry<String, Object> e : overrides.entrySet()) {
            String[] path = e.getKey().split("\\.");
            Map<String, Object> parent = merged;
            for (int i = 0; i < path.length - 1; i++) {
                Object child = parent.get(path[i]);
                if (!(child instanceof Map)) {
                    child = new LinkedHashMap<String, Object>();
                    parent.put(path[i], child);
                }
                parent = (Map<String, Object>) child;
            }
            if (e.getValue() == null) {
                parent.remove(path[path.length - 1]);
            } else {
                parent.put(path[path.length - 1], e.getValue());
            }
        }
        return merged;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> deepCopy(Map<String, Object> source) {
        Map<String, Object> copy = new LinkedHashMap<>();
        source.forEach((k, v) -> copy.put(k, v instanceof Map ? deepCopy((Map<String, Object>) v) : v));
        return copy;
    }

    public static void write(Map<String, Object> yaml, Path file) throws IOException {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        Files.createDirectories(file.getParent());
        try (Writer writer = Files.newBufferedWriter(file)) {
            new Yaml(options).dump(yaml, writer);
        }
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Path file) throws IOException {
        try (var reader = Files.newBufferedReader(file)) {
            Map<String, Object> loaded = new Yaml().load(reader);
            return loaded == null ? new LinkedHashMap<>() : new LinkedHashMap<>(loaded);
        }
    }
}
