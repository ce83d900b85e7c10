package dev.ctuner.sidecar.act;

import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.message.AlterTable;
import dev.ctuner.sidecar.bench.TableOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Carries out an accepted AlterTable: reads the table's options (they are the rollback values),
 * runs {@code ALTER TABLE ks.t WITH ...} once, waits for the ring to agree on the new schema, and
 * reads the options back to confirm that they took effect. When the table has the options already
 * (another node altered it), nothing is run. When the options include compression, this node's
 * SSTables of the table written with other compression are then rewritten ({@code nodetool
 * recompress_sstables}): an ALTER changes only what is written after it, so without the rewrite the
 * data on disk would keep the old compression until compaction happens to reach it.
 */
public final class TableAlterer {

    /** How an AlterTable ended. */
    public sealed interface Outcome {
        /** The keyspace or table does not exist: nothing was changed. */
        record UnknownTable(String reason) implements Outcome {
        }

        /**
         * Applied and read back; {@code previous} holds the options before, for a rollback.
         *
         * @param altered       false when the table had the options already and no ALTER ran
         * @param rewriteMillis how long this node took to rewrite its SSTables of the table; -1 when the change has no compression option
         */
        record Applied(Map<String, String> applied, Map<String, String> previous, long agreementMillis, boolean altered,
                       long rewriteMillis) implements Outcome {
        }

        /** Cassandra refused it, the ring did not agree, or the read-back differs. {@code previous} may be empty. */
        record Failed(String reason, Map<String, String> previous) implements Outcome {
        }
    }

    /** Rewrites this node's SSTables of a table whose compression differs from the table's; throws with the reason when it cannot. */
    @FunctionalInterface
    public interface SstableRewriter {
        void recompress(String keyspace, String table) throws Exception;
    }

    private final KnobCatalog catalog;
    private final TableSchema schema;
    private final SstableRewriter rewriter;
    private final Duration agreementTimeout;

    public TableAlterer(KnobCatalog catalog, TableSchema schema, SstableRewriter rewriter, Duration agreementTimeout) {
        this.catalog = catalog;
        this.schema = schema;
        this.rewriter = rewriter;
        this.agreementTimeout = agreementTimeout;
    }

    /** The statement for the options (completed from the table's current ones). */
    public static String statement(String keyspace, String table, TableOptions options) {
        return "ALTER TABLE " + keyspace + "." + table + " WITH " + options.cql();
    }

    public Outcome alter(String keyspace, String table, TableOptions requested) {
        Optional<TableOptions> current;
        try {
            current = schema.options(keyspace, table);
        } catch (RuntimeException e) {
            return new Outcome.Failed("cannot read the options of " + keyspace + "." + table + ": " + e.getMessage()
                    + "; send the command again when the node answers CQL", Map.of());
        }
        if (current.isEmpty()) {
            return new Outcome.UnknownTable("table " + keyspace + "." + table + " does not exist (no row in system_schema.tables);"
                    + " name an existing keyspace.table in the recommendation");
        }
        TableOptions options = requested.completedFrom(current.get());
        Map<String, String> previous = current.get().only(options.values().keySet()).values();
        if (differences(options, current.get()).isEmpty()) {
            return rewrite(keyspace, table, options, new Outcome.Applied(previous, previous, 0, false, -1));
        }
        try {
            schema.execute(statement(keyspace, table, options));
        } catch (RuntimeException e) {
            return new Outcome.Failed("Cassandra refused " + statement(keyspace, table, options) + ": " + e.getMessage(), previous);
        }
        long start = System.nanoTime();
        if (!schema.awaitAgreement(agreementTimeout)) {
            return new Outcome.Failed("the ALTER TABLE ran, but the nodes did not agree on the schema within " + agreementTimeout
                    + "; check nodetool describecluster for unreachable nodes", previous);
        }
        long agreementMillis = (System.nanoTime() - start) / 1_000_000;
        TableOptions after;
        try {
            after = schema.options(keyspace, table).orElseThrow(() -> new IllegalStateException("the table disappeared"));
        } catch (RuntimeException e) {
            return new Outcome.Failed("cannot read back the options of " + keyspace + "." + table + ": " + e.getMessage(), previous);
        }
        List<String> differences = differences(options, after);
        if (!differences.isEmpty()) {
            return new Outcome.Failed("after ALTER TABLE, system_schema.tables shows " + String.join(", ", differences), previous);
        }
        return rewrite(keyspace, table, options, new Outcome.Applied(after.only(options.values().keySet()).values(), previous,
                agreementMillis, true, -1));
    }

    /** Rewrites this node's SSTables when the options include compression; a failure keeps {@code previous} for the rollback. */
    private Outcome rewrite(String keyspace, String table, TableOptions options, Outcome.Applied applied) {
        if (!AlterTable.rewritesSstables(options.values().keySet())) {
            return applied;
        }
        long start = System.nanoTime();
        try {
            rewriter.recompress(keyspace, table);
        } catch (Exception e) {
            return new Outcome.Failed((applied.altered() ? "the ALTER TABLE ran and the ring agreed, but " : "")
                    + "rewriting this node's SSTables of " + keyspace + "." + table + " with the new compression failed: " + e.getMessage()
                    + "; the data keeps its old compression until compaction rewrites it (nodetool compactionstats shows progress,"
                    + " nodetool recompress_sstables " + keyspace + " " + table + " runs it by hand)", applied.previous());
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Outcome.Applied(applied.applied(), applied.previous(), applied.agreementMillis(), applied.altered(), millis);
    }

    private List<String> differences(TableOptions wanted, TableOptions after) {
        List<String> differences = new ArrayList<>();
        for (Map.Entry<String, String> e : wanted.values().entrySet()) {
            String seen = after.values().get(e.getKey());
            boolean chunkOfDisabledCompression = seen == null && e.getKey().equals("compression.chunk_length_in_kb")
                    && "none".equals(after.values().get("compression.class"));
            if (!chunkOfDisabledCompression && !same(e.getKey(), e.getValue(), seen)) {
                differences.add(e.getKey() + " = " + seen + " instead of " + e.getValue());
            }
        }
        return differences;
    }

    private boolean same(String name, String wanted, String seen) {
        if (seen == null) {
            return false;
        }
        Knob knob = catalog.lookup(name).orElseThrow();
        try {
            return knob.sameValue(knob.parse(wanted), knob.parse(seen));
        } catch (IllegalArgumentException e) {
            return wanted.equals(seen);
        }
    }
}
