package dev.ctuner.sidecar.observe;

import dev.ctuner.sidecar.cassandra.JmxNode;
import dev.ctuner.sidecar.observe.NodeSnapshot.TableRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples which partitions the node reads and writes, with Cassandra's built-in partition
 * sampler (per table, READS and WRITES; a Space-Saving top-k over the sampling period). The
 * counts feed the key-reuse estimator. See docs/decisions/0003-key-reuse-distance.md.
 */
public class KeyReuseProbe {

    private static final Logger log = LoggerFactory.getLogger(KeyReuseProbe.class);
    private static final List<String> SAMPLERS = List.of("READS", "WRITES");

    private final JmxNode jmx;
    private final int capacity;
    private final Duration duration;
    private final List<TableRef> sampling = new ArrayList<>();

    public KeyReuseProbe(JmxNode jmx, int capacity, Duration duration) {
        this.jmx = jmx;
        this.capacity = capacity;
        this.duration = duration;
    }

    /** Counts of one sampling period: per {@code keyspace.table:key}, and whether any summary filled up. */
    public record Counts(Map<String, Long> counts, boolean saturated, List<String> failures) {
        public long total() {
            return counts.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** Starts sampling the given tables for the configured duration (Cassandra stops by itself). */
    public synchronized void begin(Set<TableRef> tables) {
        sampling.clear();
        for (TableRef table : tables) {
            try {
                for (String sampler : SAMPLERS) {
                    jmx.invoke(bean(table), "beginLocalSampling", new Object[] {sampler, capacity, (int) duration.toMillis()},
                            new String[] {"java.lang.String", "int", "int"});
                }
                sampling.add(table);
            } catch (Exception e) {
                log.debug("cannot sample {}: {}", table, e.toString());
            }
        }
    }

    /** Collects what the samplers saw since {@link #begin}; empty counts if nothing was sampled. */
    @SuppressWarnings("unchecked")
    public synchronized Counts finish() {
        Map<String, Long> counts = new HashMap<>();
        List<String> failures = new ArrayList<>();
        boolean saturated = false;
        for (TableRef table : sampling) {
            for (String sampler : SAMPLERS) {
                try {
                    List<CompositeData> top = (List<CompositeData>) jmx.invoke(bean(table), "finishLocalSampling",
                            new Object[] {sampler, capacity}, new String[] {"java.lang.String", "int"});
                    saturated |= top.size() >= capacity;
                    for (CompositeData sample : top) {
                        counts.merge(table + ":" + sample.get("value"), (Long) sample.get("count"), Long::sum);
                    }
                } catch (Exception e) {
                    failures.add(table + " " + sampler + ": " + e.getMessage());
                }
            }
        }
        sampling.clear();
        return new Counts(counts, saturated, failures);
    }

    private static ObjectName bean(TableRef table) {
        return JmxNode.name("org.apache.cassandra.db:type=Tables,keyspace=" + table.keyspace() + ",table=" + table.table());
    }
}
