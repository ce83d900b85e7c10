package dev.ctuner.sidecar.cassandra;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import javax.management.ObjectName;

/**
 * Settings whose live value {@code system_views.settings} does not show: it reports the
 * configuration the node started with, while a live setter changes the running component only.
 * {@code key_cache_size} is one: the CacheService MBean resizes the key cache, and the key cache's
 * {@code Capacity} gauge (bytes) is the only place the new size can be read back.
 *
 * <pre>{@code
 * Map<String, String> values = LiveValues.overlay(fromSettingsTable, name -> jmx.longAttribute(bean, "Value"));
 * }</pre>
 */
public final class LiveValues {

    /** The key cache's capacity in bytes. */
    public static final ObjectName KEY_CACHE_CAPACITY = JmxNode.name("org.apache.cassandra.metrics:type=Cache,scope=KeyCache,name=Capacity");

    private static final long MIB = 1024L * 1024L;

    private LiveValues() {
    }

    /**
     * {@code reported} with the live value of every knob the settings table does not follow, where
     * the node gives it ({@code gauge} reads a JMX gauge's value); names not in {@code reported} are
     * left out.
     */
    public static Map<String, String> overlay(Map<String, String> reported, Function<ObjectName, Optional<Long>> gauge) {
        Map<String, String> values = new TreeMap<>(reported);
        if (values.containsKey("key_cache_size")) {
            gauge.apply(KEY_CACHE_CAPACITY).ifPresent(bytes -> values.put("key_cache_size", mebibytes(bytes)));
        }
        return values;
    }

    /** Bytes as the settings table spells a MiB size ({@code 36MiB}), rounded to the nearest MiB. */
    static String mebibytes(long bytes) {
        return Math.round(bytes / (double) MIB) + "MiB";
    }

    /** The overlay with the gauges of this node's JMX. */
    public static Map<String, String> overlay(Map<String, String> reported, JmxNode jmx) {
        return overlay(reported, bean -> jmx.longAttribute(bean, "Value"));
    }
}
