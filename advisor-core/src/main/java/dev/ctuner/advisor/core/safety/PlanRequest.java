package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to plan: which nodes of a ring to change, and how.
 *
 * <pre>{@code
 * PlanRequest request = PlanRequest.allNodes(ring).withCanaryFirst().withExactUpTo(12);
 * }</pre>
 *
 * @param nodes       the nodes to change, each once; every other node is assumed up throughout
 * @param canaryFirst the first round is one node alone, measured before the rest
 * @param canary      which node is the canary; empty lets the planner choose
 * @param aggressive  allow a rollout where RF = CL by taking one node at a time, knowingly
 *                    breaking that consistency level while the node is down (EUNOMIA-AGGRESSIVE
 *                    changes all nodes at once; one at a time limits the damage)
 * @param exactUpTo   search exhaustively (fewest rounds guaranteed) up to this many nodes
 */
public record PlanRequest(Ring ring, List<NodeId> nodes, boolean canaryFirst, Optional<NodeId> canary,
                          boolean aggressive, int exactUpTo) {

    /** Exhaustive search costs 3^n steps: 12 nodes take milliseconds, 16 about a second. */
    public static final int DEFAULT_EXACT_UP_TO = 12;
    static final int MAX_EXACT_UP_TO = 16;

    public PlanRequest {
        Objects.requireNonNull(ring, "ring");
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(canary, "canary");
        if (exactUpTo < 0 || exactUpTo > MAX_EXACT_UP_TO) {
            throw new IllegalArgumentException("exactUpTo must be within [0, " + MAX_EXACT_UP_TO + "], was " + exactUpTo);
        }
    }

    public static PlanRequest allNodes(Ring ring) {
        return new PlanRequest(ring, ring.nodeIds(), false, Optional.empty(), false, DEFAULT_EXACT_UP_TO);
    }

    public PlanRequest withNodes(List<NodeId> chosen) {
        return new PlanRequest(ring, chosen, canaryFirst, canary, aggressive, exactUpTo);
    }

    public PlanRequest withCanaryFirst() {
        return new PlanRequest(ring, nodes, true, canary, aggressive, exactUpTo);
    }

    public PlanRequest withCanary(NodeId node) {
        return new PlanRequest(ring, nodes, true, Optional.of(node), aggressive, exactUpTo);
    }

    public PlanRequest withAggressive() {
        return new PlanRequest(ring, nodes, canaryFirst, canary, true, exactUpTo);
    }

    public PlanRequest withExactUpTo(int limit) {
        return new PlanRequest(ring, nodes, canaryFirst, canary, aggressive, limit);
    }
}
