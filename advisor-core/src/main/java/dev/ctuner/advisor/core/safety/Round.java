package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.List;

/**
 * One round of a rollout: these nodes are changed (drained, restarted, ...) together.
 *
 * <pre>{@code
 * new Round(0, List.of(new NodeId("n1")), true, List.of());  // the canary round
 * }</pre>
 *
 * @param index            0-based position in the plan
 * @param nodes            the nodes of the round, sorted by id
 * @param canary           true for a single-node canary round that goes first
 * @param availabilityRisks empty for a safe round; in an aggressive plan, the consistency levels
 *                          this round breaks while its nodes are down
 */
public record Round(int index, List<NodeId> nodes, boolean canary, List<String> availabilityRisks) {

    public Round {
        nodes = nodes.stream().sorted(DownLimit.BY_ID).toList();
        availabilityRisks = List.copyOf(availabilityRisks);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("round " + index + " has no nodes");
        }
    }

    public boolean isSafe() {
        return availabilityRisks.isEmpty();
    }
}
