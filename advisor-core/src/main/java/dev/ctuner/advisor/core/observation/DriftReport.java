package dev.ctuner.advisor.core.observation;

import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.protocol.NodeId;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The configuration drift of one cluster, from each node's latest configuration read back.
 *
 * <pre>{@code
 * DriftReport r = new ConfigurationDrift(KnobCatalog.cassandra50()).detect(readBack);
 * r.hasDrift();                          // some knob differs between nodes
 * r.unreported().get(new NodeId("n3"));  // catalog knobs n3 did not report: unknown, not drift
 * }</pre>
 *
 * @param nodes the nodes compared, sorted by id
 * @param drifted the node knobs whose values differ between nodes, sorted by knob name
 * @param unreported per node, the node-scope catalog knobs it did not report (only nodes missing some)
 */
public record DriftReport(List<NodeId> nodes, List<KnobDrift> drifted, SortedMap<NodeId, List<KnobName>> unreported) {

    public DriftReport {
        nodes = List.copyOf(nodes);
        drifted = List.copyOf(drifted);
        TreeMap<NodeId, List<KnobName>> copy = new TreeMap<>(ConfigurationDrift.BY_ID);
        unreported.forEach((n, k) -> copy.put(n, List.copyOf(k)));
        unreported = Collections.unmodifiableSortedMap(copy);
    }

    public boolean hasDrift() {
        return !drifted.isEmpty();
    }
}
