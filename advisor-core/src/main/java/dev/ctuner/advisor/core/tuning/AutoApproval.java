package dev.ctuner.advisor.core.tuning;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Applies a cluster's {@link ApprovalPolicy} to one proposal: under AUTO, the advisor approves it
 * only when every limit holds; otherwise an operator decides, told which limits failed.
 *
 * <pre>{@code
 * ApprovalDecision d = AutoApproval.evaluate(policy, new ProposalFacts(ApplyMode.LIVE, gain, false), now, 0);
 * }</pre>
 */
public final class AutoApproval {

    private AutoApproval() {
    }

    /**
     * @param approvedInLastDay automatic approvals of this cluster in the 24 hours before {@code now}
     */
    public static ApprovalDecision evaluate(ApprovalPolicy policy, ProposalFacts facts, Instant now, int approvedInLastDay) {
        if (policy.mode() == ApprovalMode.MANUAL) {
            return new ApprovalDecision.NeedsOperator(List.of("approval policy is manual"));
        }
        List<String> reasons = new ArrayList<>();
        if (!policy.allowedTiers().contains(facts.tier())) {
            reasons.add("cost tier " + facts.tier() + " is not among the automatically approved tiers " + policy.allowedTiers().stream().sorted().toList());
        }
        if (facts.gain().expected() < policy.minPredictedGain()) {
            reasons.add("predicted gain " + percent(facts.gain().expected()) + " is below the policy's minimum " + percent(policy.minPredictedGain()));
        }
        if (facts.gain().lower() < policy.minLowerBound()) {
            reasons.add("lower bound of the gain " + percent(facts.gain().lower()) + " is below the policy's minimum " + percent(policy.minLowerBound()));
        }
        if (policy.insideDataRegionOnly() && facts.outsideDataRegion()) {
            reasons.add("the proposal lies outside the data the model was trained on");
        }
        if (approvedInLastDay >= policy.maxChangesPerDay()) {
            reasons.add(approvedInLastDay + " automatic approvals in the last 24 h reach the limit of " + policy.maxChangesPerDay());
        }
        if (policy.window().isPresent() && !policy.window().get().contains(now)) {
            reasons.add("outside the maintenance window " + policy.window().get());
        }
        if (!reasons.isEmpty()) {
            return new ApprovalDecision.NeedsOperator(reasons);
        }
        return new ApprovalDecision.Approve("auto policy: " + facts.tier() + ", predicted gain " + percent(facts.gain().expected())
                + " (" + percent(facts.gain().lower()) + " to " + percent(facts.gain().upper()) + ")"
                + (policy.window().map(w -> ", inside the maintenance window " + w).orElse("")));
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%+.1f %%", fraction * 100);
    }
}
