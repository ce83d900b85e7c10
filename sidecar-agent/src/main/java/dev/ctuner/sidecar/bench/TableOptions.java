package dev.ctuner.sidecar.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The table-scope knobs of a configuration ({@code compaction.class}, {@code compression.class},
 * {@code compression.chunk_length_in_kb}, {@code caching.keys}, {@code caching.rows_per_partition},
 * {@code bloom_filter_fp_chance}) as the options of a CQL {@code CREATE TABLE}.
 *
 * <pre>{@code
 * TableOptions.of(Map.of("compaction.class", "LeveledCompactionStrategy")).cql()
 *     // "compaction = {'class': 'LeveledCompactionStrategy'}"
 * }</pre>
 */
public record TableOptions(Map<String, String> values) {

    /** The knob names this class knows, in the catalog's spelling. */
    public static final List<String> KNOBS = List.of("compaction.class", "compression.class",
            "compression.chunk_length_in_kb", "caching.keys", "caching.rows_per_partition", "bloom_filter_fp_chance");

    public static final TableOptions NONE = new TableOptions(Map.of());

    public TableOptions {
        values = new TreeMap<>(values);
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!KNOBS.contains(e.getKey())) {
                throw new IllegalArgumentException("'" + e.getKey() + "' is not a table option; known: " + KNOBS);
            }
            if (!e.getValue().matches("[A-Za-z0-9_.]+")) {
                throw new IllegalArgumentException("table option " + e.getKey() + " has an unsafe value '"
                        + e.getValue() + "' (letters, digits, '_' and '.' only)");
            }
        }
        values = Map.copyOf(values);
    }

    public static TableOptions of(Map<String, String> values) {
        return new TableOptions(values);
    }

    /**
     * A table's options as {@code system_schema.tables} reports them (maps {@code compaction},
     * {@code compression}, {@code caching} and {@code bloom_filter_fp_chance}), in the catalog's
     * spelling: class names without their package, disabled compression as {@code none}.
     */
    public static TableOptions fromSchema(Map<String, String> compaction, Map<String, String> compression,
                                          Map<String, String> caching, double bloomFilterFpChance) {
        Map<String, String> v = new TreeMap<>();
        if (compaction.get("class") != null) {
            v.put("compaction.class", simpleName(compaction.get("class")));
        }
        if ("false".equalsIgnoreCase(compression.get("enabled"))) {
            v.put("compression.class", "none");
        } else if (compression.get("class") != null) {
            v.put("compression.class", simpleName(compression.get("class")));
        }
        if (compression.get("chunk_length_in_kb") != null) {
            v.put("compression.chunk_length_in_kb", compression.get("chunk_length_in_kb"));
        }
        if (caching.get("keys") != null) {
            v.put("caching.keys", caching.get("keys"));
        }
        if (caching.get("rows_per_partition") != null) {
            v.put("caching.rows_per_partition", caching.get("rows_per_partition"));
        }
        v.put("bloom_filter_fp_chance", java.math.BigDecimal.valueOf(bloomFilterFpChance).stripTrailingZeros().toPlainString());
        return new TableOptions(v);
    }

    /**
     * These options completed with the current values of their sibling options, because CQL sets a
     * whole map at once: changing {@code compression.chunk_length_in_kb} alone must keep the table's
     * compressor, and changing {@code caching.rows_per_partition} alone must keep {@code caching.keys}.
     */
    public TableOptions completedFrom(TableOptions current) {
        Map<String, String> v = new TreeMap<>(values);
        for (Map.Entry<String, String> e : current.values.entrySet()) {
            String group = group(e.getKey());
            boolean touched = values.keySet().stream().anyMatch(k -> group(k).equals(group));
            if (touched && !group.equals(e.getKey())) {
                v.putIfAbsent(e.getKey(), e.getValue());
            }
        }
        return new TableOptions(v);
    }

    /** Only the named options (those present). */
    public TableOptions only(java.util.Collection<String> names) {
        Map<String, String> v = new TreeMap<>(values);
        v.keySet().retainAll(names);
        return new TableOptions(v);
    }

    private static String group(String knob) {
        int dot = knob.indexOf('.');
        return dot < 0 ? knob : knob.substring(0, dot);
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** The options joined with AND, for after {@code WITH}; empty when there are none. */
    public String cql() {
        List<String> parts = new ArrayList<>();
        if (values.containsKey("compaction.class")) {
            parts.add("compaction = {'class': '" + values.get("compaction.class") + "'}");
        }
        String compressor = values.get("compression.class");
        String chunk = values.get("compression.chunk_length_in_kb");
        if ("none".equals(compressor)) {
            parts.add("compression = {'enabled': 'false'}");
        } else if (compressor != null || chunk != null) {
            List<String> c = new ArrayList<>();
            c.add("'class': '" + (compressor == null ? "LZ4Compressor" : compressor) + "'");
            if (chunk != null) {
                c.add("'chunk_length_in_kb': '" + chunk + "'");
            }
            parts.add("compression = {" + String.join(", ", c) + "}");
        }
        String keys = values.get("caching.keys");
        String rows = values.get("caching.rows_per_partition");
        if (keys != null || rows != null) {
            parts.add("caching = {'keys': '" + (keys == null ? "ALL" : keys) + "', 'rows_per_partition': '"
                    + (rows == null ? "NONE" : rows) + "'}");
        }
        if (values.containsKey("bloom_filter_fp_chance")) {
            parts.add("bloom_filter_fp_chance = " + values.get("bloom_filter_fp_chance"));
        }
        return String.join(" AND ", parts);
    }
}
