package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cluster's nodes and, per keyspace, which nodes replicate each token range. Plain data: the
 * advisor fills it from the sidecars' reports, tests build it by hand or with {@link ReplicaPlacement}.
 *
 * <pre>{@code
 * Ring ring = new Ring(List.of(RingNode.of("n1", "dc1", "r1"), RingNode.of("n2", "dc1", "r2")), List.of(keyspace));
 * }</pre>
 */
public record Ring(List<RingNode> nodes, List<KeyspaceReplication> keyspaces) {

    public Ring {
        nodes = List.copyOf(nodes);
        keyspaces = List.copyOf(keyspaces);
        Map<NodeId, RingNode> byId = new LinkedHashMap<>();
        for (RingNode node : nodes) {
            if (byId.put(node.id(), node) != null) {
                throw new IllegalArgumentException("node " + node.id() + " is listed twice");
            }
        }
        for (KeyspaceReplication ks : keyspaces) {
            for (RangeReplicas range : ks.ranges()) {
                for (NodeId replica : range.replicas()) {
                    if (!byId.containsKey(replica)) {
                        throw new IllegalArgumentException("keyspace " + ks.name() + " range " + range.range()
                                + " names unknown node " + replica);
                    }
                }
            }
        }
    }

    public Optional<RingNode> node(NodeId id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    public List<NodeId> nodeIds() {
        return nodes.stream().map(RingNode::id).toList();
    }
}
