package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Change table options (e.g. compaction, caching). Keyspace, table and option names must be
 * plain identifiers because the sidecar builds a CQL statement from them.
 *
 * <p>Options are named as the knob catalog names them ({@code compaction.class},
 * {@code compression.chunk_length_in_kb}, {@code bloom_filter_fp_chance}, ...) with values as the
 * catalog formats them ({@code LeveledCompactionStrategy}, {@code 0.01}), not as CQL option maps:
 * the sidecar validates them against the catalog's TABLE knobs and builds the CQL itself.
 *
 * <p>The receiving node's sidecar runs the ALTER only when the table's options differ (another node
 * may have altered it already) and, when the options include compression
 * ({@link #rewritesSstables}), then rewrites its own node's SSTables of the table written with other
 * compression: a compression change is sent to every node, one after another.
 *
 * @param options catalog knob name to value; not empty, sorted by name
 * @param reason why the advisor wants the change, for the audit trail
 */
public record AlterTable(
        String keyspace,
        String table,
        Map<String, String> options,
        String reason,
        Instant expiresAt,
        Optional<String> rolloutId) implements Command {

    // Unquoted CQL identifiers only: no quoting games, no injection through names.
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Pattern OPTION = Pattern.compile("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)?");

    public AlterTable {
        identifier(keyspace, "keyspace", IDENTIFIER);
        identifier(table, "table", IDENTIFIER);
        options = Checks.sortedStrings(options, "options");
        Checks.notEmpty(options, "options");
        options.keySet().forEach(name -> identifier(name, "options key", OPTION));
        Checks.nonBlank(reason, "reason");
        Checks.required(expiresAt, "expiresAt");
        rolloutId = Checks.optionalNonBlank(rolloutId, "rolloutId");
    }

    /** Whether options of these names take effect on data already written only once each node rewrites its SSTables (compression). */
    public static boolean rewritesSstables(java.util.Collection<String> optionNames) {
        return optionNames.stream().anyMatch(k -> k.startsWith("compression."));
    }

    private static void identifier(String value, String field, Pattern pattern) {
        Checks.nonBlank(value, field);
        if (!pattern.matcher(value).matches()) {
            throw new IllegalArgumentException(field + " must match " + pattern + " but was '" + value + "'");
        }
    }
}
