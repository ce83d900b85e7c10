package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.List;

/**
 * An ordered partition of the nodes to change into rounds, each safe to have down together
 * (unless the plan is {@code aggressive}, see {@link Round#availabilityRisks()}).
 *
 * <pre>{@code
 * RolloutPlan plan = ((PlanResult.Planned) planner.plan(request)).plan();
 * plan.rounds().size();  // 3 for RF 3 at QUORUM on a single-token ring (EUNOMIA: RF/(RF−CL))
 * }</pre>
 *
 * @param optimal    true when no plan with fewer rounds exists (exact search, or the lower bound is met)
 * @param lowerBound the largest ⌈group/maxDown⌉ over all limits: no plan can have fewer rounds
 * @param aggressive true when some rounds knowingly break a consistency level (RF = CL was allowed)
 */
public record RolloutPlan(List<Round> rounds, PlanMethod method, boolean optimal, int lowerBound, boolean aggressive) {

    public RolloutPlan {
        rounds = List.copyOf(rounds);
    }

    public int size() {
        return rounds.size();
    }

    /** Every node of the plan in round order. */
    public List<NodeId> nodes() {
        return rounds.stream().flatMap(r -> r.nodes().stream()).toList();
    }
}
