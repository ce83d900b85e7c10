package dev.ctuner.advisor.api;

import dev.ctuner.advisor.api.ApiRequests.KeyspaceSpec;
import dev.ctuner.advisor.api.ApiRequests.NodeSpec;
import dev.ctuner.advisor.api.ApiRequests.StartRollout;
import dev.ctuner.advisor.core.safety.KeyspaceReplication;
import dev.ctuner.advisor.core.safety.ReplicaPlacement;
import dev.ctuner.advisor.core.safety.Ring;
import dev.ctuner.advisor.core.safety.RingNode;
import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the ring an operator describes into the safety planner's {@link Ring}, placing replicas
 * as NetworkTopologyStrategy does. Bad input raises IllegalArgumentException with the reason.
 *
 * <pre>{@code
 * Ring ring = RingDescriptions.toRing(startRolloutBody);
 * }</pre>
 */
final class RingDescriptions {

    /** Spacing of the tokens given to nodes listed without any. */
    private static final long SINGLE_TOKEN_STEP = Long.MAX_VALUE / 4096;

    private RingDescriptions() {
    }

    static Ring toRing(StartRollout body) {
        return toRing(body.nodes(), body.keyspaces());
    }

    static Ring toRing(List<NodeSpec> specs, List<KeyspaceSpec> keyspaceSpecs) {
        List<RingNode> nodes = new ArrayList<>();
        Map<NodeId, List<Long>> tokens = new LinkedHashMap<>();
        boolean anyTokens = specs.stream().anyMatch(n -> n.tokens() != null && !n.tokens().isEmpty());
        for (int i = 0; i < specs.size(); i++) {
            NodeSpec spec = specs.get(i);
            RingNode node = new RingNode(new NodeId(spec.id()), spec.dc(), spec.rack());
            nodes.add(node);
            if (anyTokens && (spec.tokens() == null || spec.tokens().isEmpty())) {
                throw new IllegalArgumentException("node " + spec.id() + " has no tokens; give tokens for every node or for none");
            }
            tokens.put(node.id(), anyTokens ? spec.tokens() : List.of(Long.MIN_VALUE + (i + 1) * SINGLE_TOKEN_STEP));
        }
        List<KeyspaceReplication> keyspaces = new ArrayList<>();
        for (KeyspaceSpec ks : keyspaceSpecs) {
            keyspaces.add(new KeyspaceReplication(ks.name(), ks.replication(), ks.consistency(),
                    ReplicaPlacement.place(nodes, tokens, ks.replication())));
        }
        return new Ring(nodes, keyspaces);
    }
}
