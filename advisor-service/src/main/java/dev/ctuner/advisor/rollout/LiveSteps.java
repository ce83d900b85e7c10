package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.safety.PlanRequest;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.common.protocol.NodeId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a LIVE change is rolled out: one node per step in ring order, the canary (named, or the first
 * node) alone first. A live change restarts nothing and takes no replica down, so the safety
 * planner's availability rounds do not apply: RF = CL is no reason to refuse and needs no
 * {@code aggressive} flag. Pure: every input is an argument.
 *
 * <pre>{@code
 * List<NodeStep> steps = LiveSteps.steps(PlanRequest.allNodes(ring).withCanaryFirst(), now);
 * }</pre>
 */
final class LiveSteps {

    private LiveSteps() {
    }

    /** @throws PlanRefusedException when there is no node, or the named canary is not one of the nodes */
    static List<NodeStep> steps(PlanRequest request, Instant now) {
        List<NodeId> order = new ArrayList<>(request.nodes());
        if (order.isEmpty()) {
            throw new PlanRefusedException(List.of("no nodes to change"));
        }
        if (request.canary().isPresent()) {
            NodeId canary = request.canary().get();
            if (!order.remove(canary)) {
                throw new PlanRefusedException(List.of("canary " + canary + " is not one of the nodes to change " + order));
            }
            order.add(0, canary);
        }
        List<NodeStep> steps = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            steps.add(new NodeStep(order.get(i), i, request.canaryFirst() && i == 0, NodeStepStatus.PENDING, Optional.empty(),
                    Optional.empty(), now, Optional.empty(), 0));
        }
        return steps;
    }
}
