package dev.ctuner.advisor.recommendation;

import dev.ctuner.advisor.core.vetting.GateFailure;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.protocol.message.AlterTable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules for the tables a submission names: table options ({@code compaction.class}, ...) need
 * at least one {@code keyspace.table} (plain CQL identifiers, as the sidecar builds
 * {@code ALTER TABLE keyspace.table} from them), node settings take none, and the two do not mix in
 * one recommendation (table options are applied once per table, node settings node by node).
 *
 * <pre>{@code
 * List<GateFailure> problems = TableTargets.check(catalog, Map.of("compaction.class", "LeveledCompactionStrategy"),
 *         List.of("shop.orders"));  // empty
 * }</pre>
 */
public final class TableTargets {

    static final String GATE = "tables";
    private static final Pattern TABLE = Pattern.compile("[A-Za-z][A-Za-z0-9_]*\\.[A-Za-z][A-Za-z0-9_]*");

    private TableTargets() {
    }

    /** Whether a setting of this name is a table option ({@code compaction.class}), not a node setting. */
    public static boolean isTableOption(KnobCatalog catalog, String name) {
        return catalog.lookup(name).map(k -> k.scope() == Scope.TABLE).orElse(false);
    }

    /** Every problem with the tables of a submission; empty when they fit its settings. */
    public static List<GateFailure> check(KnobCatalog catalog, Map<String, String> settings, List<String> tables) {
        List<String> tableKnobs = new ArrayList<>();
        List<String> nodeKnobs = new ArrayList<>();
        for (String name : settings.keySet()) {
            (isTableOption(catalog, name) ? tableKnobs : nodeKnobs).add(name);
        }
        List<GateFailure> failures = new ArrayList<>();
        if (!tableKnobs.isEmpty() && !nodeKnobs.isEmpty()) {
            failures.add(new GateFailure(GATE, settings.keySet().stream().sorted().toList(), "table options " + tableKnobs.stream().sorted().toList()
                    + " are mixed with node settings " + nodeKnobs.stream().sorted().toList() + ": submit them as two recommendations"
                    + " (table options are applied once with ALTER TABLE, node settings node by node)"));
        }
        if (!tableKnobs.isEmpty() && tables.isEmpty()) {
            failures.add(new GateFailure(GATE, tableKnobs.stream().sorted().toList(), "table options need the tables they apply to:"
                    + " add \"tables\": [\"keyspace.table\"]"));
        }
        if (tableKnobs.isEmpty() && !tables.isEmpty()) {
            failures.add(new GateFailure(GATE, List.of(), "tables " + tables + " are named but no setting is a table option;"
                    + " leave \"tables\" out for node settings"));
        }
        if (tables.size() > 1 && AlterTable.rewritesSstables(tableKnobs)) {
            failures.add(new GateFailure(GATE, tableKnobs.stream().filter(k -> AlterTable.rewritesSstables(List.of(k))).sorted().toList(),
                    "a compression change rewrites every node's SSTables of its table, node after node: name one table per"
                            + " recommendation, not " + tables.size() + " (submit one for each table)"));
        }
        Set<String> seen = new HashSet<>();
        for (String table : tables) {
            if (table == null || !TABLE.matcher(table).matches()) {
                failures.add(new GateFailure(GATE, List.of(), "'" + table + "' is not keyspace.table with plain CQL identifiers"
                        + " (a letter, then letters, digits or '_')"));
            } else if (!seen.add(table.toLowerCase(java.util.Locale.ROOT))) {
                failures.add(new GateFailure(GATE, List.of(), "table " + table + " is named twice"));
            }
        }
        return failures;
    }
}
