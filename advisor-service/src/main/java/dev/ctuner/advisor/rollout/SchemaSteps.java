package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.safety.PlanRequest;
import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.AlterTable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a SCHEMA change (table options) is rolled out: step {@code i} sends one AlterTable of table
 * {@code i} of the recommendation to the sidecar of the step's node, which runs ALTER TABLE once,
 * waits for schema agreement and reads the options back. Before a step every node of the cluster
 * must be UP_NORMAL with one schema version; after it, every node must report (by a heartbeat
 * after the change) UP_NORMAL and one schema version again. Pure: every input is an argument.
 */
final class SchemaSteps {

    private SchemaSteps() {
    }

    static boolean isSchema(Recommendation rec) {
        return rec.costTier() == ApplyMode.SCHEMA;
    }

    /** Whether the change rewrites data on every node (compression), so has a step on each. */
    static boolean rewrites(Recommendation rec) {
        return isSchema(rec) && AlterTable.rewritesSstables(rec.settings().keySet());
    }

    /**
     * The node that alters each table, in table order: the canary first if one is named, then the
     * request's nodes; a different node per table (a rollout has one step per node).
     */
    static List<NodeId> executors(Recommendation rec, PlanRequest request) {
        if (rec.tables().isEmpty()) {
            throw new PlanRefusedException(List.of("the SCHEMA recommendation " + rec.id() + " names no table;"
                    + " submit it again with \"tables\": [\"keyspace.table\"]"));
        }
        Set<NodeId> order = new LinkedHashSet<>();
        request.canary().ifPresent(order::add);
        order.addAll(request.nodes());
        if (rewrites(rec)) {
            if (rec.tables().size() != 1) {
                throw new PlanRefusedException(List.of(ONE_TABLE + rec.tables().size() + " tables"));
            }
            return List.copyOf(order);
        }
        if (rec.tables().size() > order.size()) {
            throw new PlanRefusedException(List.of(rec.tables().size() + " tables need as many nodes to alter them from (one step"
                    + " per node), but the request names " + order.size() + "; split the recommendation"));
        }
        return new ArrayList<>(order).subList(0, rec.tables().size());
    }

    static final String ONE_TABLE = "a compression change rewrites every node's SSTables of its table, node after node:"
            + " name one table per recommendation (split it), not ";

    /** The table ({@code keyspace.table}) a step alters. */
    static String table(Recommendation rec, NodeStep step) {
        return table(rec, step.round());
    }

    /** The table ({@code keyspace.table}) of step {@code index}: its own, or for a compression change the one table. */
    private static String table(Recommendation rec, int index) {
        return rec.tables().get(rewrites(rec) ? 0 : index);
    }

    /** What a step does, for the rollout view before it runs. */
    static String plannedStep(Recommendation rec, int index) {
        String table = table(rec, index);
        if (!rewrites(rec)) {
            return "ALTER TABLE " + table + " from this node";
        }
        return index == 0 ? "ALTER TABLE " + table + " from this node, then rewrite this node's SSTables of it"
                : "rewrite this node's SSTables of " + table + " with the new compression (the ALTER runs once, on the first node)";
    }

    /** Every node to check: those the sidecars report for the cluster and the rollout's own. */
    static List<NodeId> allNodes(Rollout rollout, Map<NodeId, NodeView> views) {
        Set<NodeId> nodes = new LinkedHashSet<>(views.keySet());
        rollout.steps().forEach(s -> nodes.add(s.nodeId()));
        return List.copyOf(nodes);
    }

    /**
     * Whether the ring agrees on the schema after a change made at {@code changedAt}: every node
     * reported UP_NORMAL after it, all with the same schema version. Empty when it does; else why not.
     */
    static Optional<String> agreementAfter(List<NodeId> nodes, Map<NodeId, NodeView> views, Instant changedAt, Instant now,
                                           Duration maxStatusAge) {
        List<String> problems = new ArrayList<>();
        Set<String> versions = new TreeSet<>();
        for (NodeId node : nodes) {
            NodeView view = views.get(node);
            boolean reportedSince = view != null && view.statusAt().filter(at -> at.isAfter(changedAt)).isPresent();
            if (!reportedSince || !view.isUpNormal(now, maxStatusAge)) {
                problems.add(node + " has not reported UP_NORMAL since the change");
                continue;
            }
            String version = view.status().orElseThrow().schemaVersion();
            if (version == null) {
                problems.add(node + ": schema version unknown");
            } else {
                versions.add(version);
            }
        }
        if (versions.size() > 1) {
            problems.add("schema disagreement: " + versions.size() + " versions " + versions);
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
    }
}
