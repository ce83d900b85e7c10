package dev.ctuner.sidecar.act;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.sidecar.bench.TableOptions;
import dev.ctuner.sidecar.cassandra.CqlNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** {@link TableSchema} over the sidecar's CQL session to its own node. */
public final class CqlTableSchema implements TableSchema {

    private static final Duration POLL = Duration.ofMillis(200);

    private final CqlNode cql;

    public CqlTableSchema(CqlNode cql) {
        this.cql = cql;
    }

    @Override
    public Optional<TableOptions> options(String keyspace, String table) {
        // Unquoted CQL identifiers are case-insensitive and stored in lower case.
        List<Row> rows = cql.query("SELECT compaction, compression, caching, bloom_filter_fp_chance FROM system_schema.tables"
                        + " WHERE keyspace_name = ? AND table_name = ?", keyspace.toLowerCase(Locale.ROOT), table.toLowerCase(Locale.ROOT))
                .orElseThrow(() -> new IllegalStateException("cannot read system_schema.tables on " + cql.address() + ": " + cql.lastError()));
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Row row = rows.get(0);
        return Optional.of(TableOptions.fromSchema(map(row, "compaction"), map(row, "compression"), map(row, "caching"),
                row.getDouble("bloom_filter_fp_chance")));
    }

    private static Map<String, String> map(Row row, String column) {
        Map<String, String> m = row.getMap(column, String.class, String.class);
        return m == null ? Map.of() : m;
    }

    @Override
    public void execute(String statement) {
        cql.execute(statement);
    }

    @Override
    public boolean awaitAgreement(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (versions().map(SchemaVersions::agree).orElse(false)) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** This node's schema version and its peers', as this node sees them. */
    private Optional<List<UUID>> versions() {
        Optional<List<Row>> local = cql.query("SELECT schema_version FROM system.local");
        Optional<List<Row>> peers = cql.query("SELECT schema_version FROM system.peers_v2");
        if (local.isEmpty() || peers.isEmpty()) {
            return Optional.empty();
        }
        List<UUID> versions = new ArrayList<>();
        local.get().forEach(r -> versions.add(r.getUuid("schema_version")));
        peers.get().forEach(r -> versions.add(r.getUuid("schema_version")));
        return Optional.of(versions);
    }

    /** Agreement: at least one version, and every node reports the same, known one. */
    static final class SchemaVersions {
        private SchemaVersions() {
        }

        static boolean agree(List<UUID> versions) {
            return !versions.isEmpty() && versions.stream().allMatch(Objects::nonNull)
                    && versions.stream().distinct().count() == 1;
        }
    }
}
