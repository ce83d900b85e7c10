package dev.ctuner.advisor.core.tuning;

import java.util.List;

/**
 * The approval policy's answer for one proposal: approve it now, or leave it to an operator with
 * every reason why the advisor may not approve it by itself.
 *
 * <pre>{@code
 * switch (AutoApproval.evaluate(policy, facts, now, approvedToday)) {
 *     case ApprovalDecision.Approve a -> approve(a.reason());
 *     case ApprovalDecision.NeedsOperator n -> log(n.reasons());
 * }
 * }</pre>
 */
public sealed interface ApprovalDecision {

    record Approve(String reason) implements ApprovalDecision {
    }

    record NeedsOperator(List<String> reasons) implements ApprovalDecision {

        public NeedsOperator {
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a proposal left to an operator needs a reason");
            }
        }
    }
}
