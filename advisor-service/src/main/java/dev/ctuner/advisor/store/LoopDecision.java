package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * One decision of a cluster's tuning loop, kept whether or not it changed anything: a proposal, a
 * hold with its reason ("predicted gain 2 % ± 6 %: below the 5 % threshold"), a superseded
 * proposal, an automatic approval, a verification verdict.
 *
 * <pre>{@code
 * store.decisions(cluster, 20).get(0).reason();
 * }</pre>
 *
 * @param workload the cluster's workload the decision was made for (a proposal is superseded when it moves away)
 * @param evidence JSON text of what the decision saw (workload seen and forecast, configuration, prediction, plan)
 */
public record LoopDecision(long id, ClusterId clusterId, Instant decidedAt, Outcome outcome, String reason,
                           Optional<UUID> recommendationId, Optional<WorkloadVector> workload, Optional<String> evidence) {

    /** What the decision did. */
    public enum Outcome {
        /** proposed a change (a recommendation with origin ADVISOR) */
        PROPOSED,
        /** decided not to change, with the reason */
        HELD,
        /** retired a pending proposal because the workload moved */
        SUPERSEDED,
        /** approved a proposal by the cluster's auto policy */
        AUTO_APPROVED,
        /** under the auto policy, left a proposal to an operator, with the limits it did not meet */
        AWAITING_OPERATOR,
        /** started the rollout of an approved proposal */
        ROLLOUT_STARTED,
        /** measured a rolled-out change against the windows before it */
        VERIFIED,
        /** measured a change significantly worse and rolled it back */
        ROLLED_BACK,
        /** could not decide (no model, no ring, no data); the reason says what is missing */
        SKIPPED
    }
}
