package dev.ctuner.sidecar.act;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.management.openmbean.CompositeData;
import org.yaml.snakeyaml.Yaml;

/**
 * What validation needs to know about the node: its facts (heap, cores, data directories,
 * memory, read from the node itself, so derived domains match what the node does) and the
 * settings its cassandra.yaml sets explicitly (5.0 and legacy names).
 */
public final class NodeFactsReader {

    private final JmxNode jmx;
    private final CqlNode cql;

    public NodeFactsReader(JmxNode jmx, CqlNode cql) {
        this.jmx = jmx;
        this.cql = cql;
    }

    /** The node's facts, or empty when its JMX does not answer. */
    public Optional<NodeFacts> facts() {
        Optional<Object> heap = jmx.attribute(JmxNode.name("java.lang:type=Memory"), "HeapMemoryUsage");
        Optional<Long> cores = jmx.longAttribute(JmxNode.name("java.lang:type=OperatingSystem"), "AvailableProcessors");
        Optional<Long> memory = jmx.longAttribute(JmxNode.name("java.lang:type=OperatingSystem"), "TotalMemorySize")
                .or(() -> jmx.longAttribute(JmxNode.name("java.lang:type=OperatingSystem"), "TotalPhysicalMemorySize"));
        if (heap.isEmpty() || !(heap.get() instanceof CompositeData usage) || cores.isEmpty() || memory.isEmpty()) {
            return Optional.empty();
        }
        long heapMiB = ((Long) usage.get("max")) / (1024 * 1024);
        int dirs = cql.query("SELECT value FROM system_views.settings WHERE name = 'data_file_directories'")
                .filter(rows -> !rows.isEmpty() && rows.get(0).getString("value") != null)
                .map(rows -> rows.get(0).getString("value").split(",").length).orElse(1);
        return Optional.of(new NodeFacts(heapMiB, Math.toIntExact(cores.get()), dirs, Math.max(heapMiB, memory.get() / (1024 * 1024))));
    }

    /** The catalog knobs that {@code yamlText} sets explicitly (values that do not parse are left out). */
    public static Configuration explicitSettings(String yamlText, KnobCatalog catalog) {
        Object loaded = new Yaml().load(yamlText);
        Map<String, Object> flat = new LinkedHashMap<>();
        if (loaded instanceof Map<?, ?> map) {
            flatten("", map, flat);
        }
        Map<dev.ctuner.common.catalog.KnobName, KnobValue> values = new LinkedHashMap<>();
        flat.forEach((key, value) -> catalog.lookup(key).ifPresent(knob -> parse(knob, key, value).ifPresent(v -> values.put(knob.name(), v))));
        return new Configuration(values);
    }

    private static Optional<KnobValue> parse(Knob knob, String key, Object value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(key.equals(knob.name().value()) ? knob.parse(value.toString()) : knob.parseLegacy(value.toString()));
        } catch (IllegalArgumentException unparseable) {
            return Optional.empty();
        }
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, Object> out) {
        map.forEach((k, v) -> {
            String key = prefix + k;
            if (v instanceof Map<?, ?> child) {
                flatten(key + ".", child, out);
            } else {
                out.put(key, v);
            }
        });
    }
}
