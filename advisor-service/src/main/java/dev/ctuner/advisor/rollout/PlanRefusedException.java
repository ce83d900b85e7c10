package dev.ctuner.advisor.rollout;

import java.util.List;

/**
 * The safety planner found no safe rollout; carries its reasons.
 *
 * <pre>{@code
 * catch (PlanRefusedException e) { e.reasons(); }  // ["no rolling change is safe: ... RF = CL ..."]
 * }</pre>
 */
public final class PlanRefusedException extends RuntimeException {

    private final List<String> reasons;

    public PlanRefusedException(List<String> reasons) {
        super("no safe rollout plan: " + reasons.get(0));
        this.reasons = List.copyOf(reasons);
    }

    public List<String> reasons() {
        return reasons;
    }
}
