package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.safety.PlanRequest;
import dev.ctuner.advisor.core.safety.Ring;
import dev.ctuner.common.protocol.NodeId;
import java.util.Objects;
import java.util.Optional;

/**
 * What an operator chooses about a rollout; the ring itself comes from the sidecars.
 *
 * <pre>{@code
 * new RolloutOptions(true, Optional.empty(), false).toRequest(ring);  // every node, canary first
 * }</pre>
 *
 * @param canaryFirst the first round is one node alone, compared with the others before the rest
 * @param canary      which node is the canary (implies canaryFirst); empty lets the planner choose
 * @param aggressive  allow a RESTART rollout where RF = CL, one node at a time, knowingly breaking that level
 */
public record RolloutOptions(boolean canaryFirst, Optional<NodeId> canary, boolean aggressive) {

    public RolloutOptions {
        Objects.requireNonNull(canary, "canary");
    }

    /** The planner's request for every node of {@code ring}. */
    public PlanRequest toRequest(Ring ring) {
        PlanRequest request = PlanRequest.allNodes(ring);
        if (canary.isPresent()) {
            request = request.withCanary(canary.get());
        } else if (canaryFirst) {
            request = request.withCanaryFirst();
        }
        return aggressive ? request.withAggressive() : request;
    }
}
