package dev.ctuner.advisor.planning;

import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.PlanProposal;
import dev.ctuner.advisor.learning.ModelProvenance;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;

/**
 * The planner's answer with what the adapter adds: the configuration before the plan, the
 * configurations considered (the current one first) and where the others came from, the cost
 * model used and the elapsed time.
 *
 * <pre>{@code
 * PlanResult r = planService.plan(query);
 * r.proposal().reconfigure();   r.proposal().changes();   r.elapsedMs();
 * }</pre>
 */
public record PlanResult(Configuration current, PlanProposal proposal, List<Configuration> candidates,
                         CandidateSource source, CostModel cost, ModelProvenance model, long elapsedMs) {

    /** REQUEST: the caller listed them; SURROGATE_OPTIMA: the search's optimum per distinct forecast workload. */
    public enum CandidateSource { REQUEST, SURROGATE_OPTIMA }

    public PlanResult {
        candidates = List.copyOf(candidates);
    }
}
