package dev.ctuner.advisor.core.safety;

import java.util.List;

/**
 * What the planner answers: a plan, or a refusal with every reason.
 *
 * <pre>{@code
 * PlanResult result = planner.plan(request);
 * if (result instanceof PlanResult.Refused refused) {
 *     refused.reasons();  // ["keyspace shop range ... needs ALL: 3 of 3 replicas ... live, so at most 0 may be down"]
 * }
 * }</pre>
 */
public sealed interface PlanResult {

    /** A plan that can be carried out. */
    record Planned(RolloutPlan plan) implements PlanResult {
    }

    /** No plan: why, and what would allow one. */
    record Refused(List<String> reasons) implements PlanResult {
        public Refused {
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a refusal needs a reason");
            }
        }
    }
}
