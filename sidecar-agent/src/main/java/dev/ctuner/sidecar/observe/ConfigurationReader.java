package dev.ctuner.sidecar.observe;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.protocol.message.ConfigurationSnapshot;
import dev.ctuner.sidecar.cassandra.CqlNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The configuration in effect, read back from the node: every NODE knob of the catalog from
 * {@code system_views.settings}, and every TABLE knob of each user table from
 * {@code system_schema.tables} (keyed {@code option@keyspace.table}), each in the catalog's
 * canonical spelling, plus a fingerprint. Knobs the node does not report are listed as unknown.
 */
public class ConfigurationReader {

    private final CqlNode cql;
    private final KnobCatalog catalog;
    private final Function<Map<String, String>, Map<String, String>> live;

    public ConfigurationReader(CqlNode cql, KnobCatalog catalog) {
        this(cql, catalog, Function.identity());
    }

    /** As above, with {@code live} putting in the values the settings table does not follow (see {@code LiveValues}). */
    public ConfigurationReader(CqlNode cql, KnobCatalog catalog, Function<Map<String, String>, Map<String, String>> live) {
        this.cql = cql;
        this.catalog = catalog;
        this.live = live;
    }

    /** The snapshot and the names of knobs the node could not report; empty when the node is unreachable. */
    public Optional<Read> read() {
        Optional<List<Row>> settings = cql.query("SELECT name, value FROM system_views.settings");
        if (settings.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> table = new TreeMap<>();
        settings.get().forEach(row -> table.put(row.getString("name"), row.getString("value")));
        Map<String, String> reported = live.apply(table);
        Map<String, String> values = new TreeMap<>();
        List<String> unknown = new ArrayList<>();
        for (Knob knob : catalog.knobs(Scope.NODE)) {
            String raw = reported.get(knob.name().value());
            if (raw == null) {
                unknown.add("config." + knob.name());
            } else {
                values.put(knob.name().value(), canonical(knob, raw));
            }
        }
        cql.query("SELECT keyspace_name, table_name, compaction, compression, caching, bloom_filter_fp_chance FROM system_schema.tables")
                .ifPresent(rows -> rows.stream()
                        .filter(r -> !SnapshotReader.SYSTEM_KEYSPACES.contains(r.getString("keyspace_name")))
                        .forEach(r -> values.putAll(tableOptions(r))));
        return Optional.of(new Read(new ConfigurationSnapshot(values, fingerprint(values)), unknown));
    }

    /** A snapshot and the knobs it lacks. */
    public record Read(ConfigurationSnapshot snapshot, List<String> unknown) {
    }

    private Map<String, String> tableOptions(Row row) {
        String table = row.getString("keyspace_name") + "." + row.getString("table_name");
        Map<String, String> options = new TreeMap<>();
        row.getMap("compaction", String.class, String.class).forEach((k, v) -> options.put("compaction." + k, v));
        Map<String, String> compression = row.getMap("compression", String.class, String.class);
        compression.forEach((k, v) -> options.put("compression." + k, v));
        if ("false".equalsIgnoreCase(compression.get("enabled")) || compression.isEmpty()) {
            options.put("compression.class", "none");
        }
        row.getMap("caching", String.class, String.class).forEach((k, v) -> options.put("caching." + k, v));
        options.put("bloom_filter_fp_chance", Double.toString(row.getDouble("bloom_filter_fp_chance")));
        Map<String, String> values = new TreeMap<>();
        for (Knob knob : catalog.knobs(Scope.TABLE)) {
            String raw = options.get(knob.name().value());
            if (raw != null) {
                values.put(knob.name() + "@" + table, canonical(knob, raw));
            }
        }
        return values;
    }

    /** The catalog's spelling when the value parses ({@code 64MiB/s}), else the node's own text. */
    static String canonical(Knob knob, String raw) {
        try {
            return knob.format(knob.parse(raw));
        } catch (IllegalArgumentException e) {
            return raw;
        }
    }

    /** SHA-256 over the sorted {@code name=value} lines, first 16 hex digits: equal configurations, equal prints. */
    public static String fingerprint(Map<String, String> values) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(values).forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
