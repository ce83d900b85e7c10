package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.Operation;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import java.util.List;
import java.util.Locale;

/**
 * Whether a pending proposal is superseded: the cluster's workload has moved materially from the
 * one the proposal was made for. Material means every one of the last {@code sustainedWindows}
 * windows is farther than {@code maxMixDistance} (Euclidean distance of the operation mixes) or
 * {@code maxReadRatioDifference} from it, so one noisy window never supersedes (the same reasoning
 * as {@link dev.ctuner.advisor.core.planning.ReplanRule}'s rate limit, EUNOMIA §4.5).
 *
 * <pre>{@code
 * SupersedeRule rule = SupersedeRule.standard();   // distance 0.2 or read ratio 0.15, over 3 windows
 * rule.check(proposal.seen(), windowsSinceProposal).superseded();
 * }</pre>
 *
 * @param maxMixDistance         largest tolerated mix distance
 * @param maxReadRatioDifference largest tolerated |read proportion difference|
 * @param sustainedWindows       how many consecutive latest windows must all have moved
 */
public record SupersedeRule(double maxMixDistance, double maxReadRatioDifference, int sustainedWindows) {

    /** The verdict and why. */
    public record Check(boolean superseded, String reason) {
    }

    public SupersedeRule {
        if (!(maxMixDistance > 0) || !(maxReadRatioDifference > 0) || sustainedWindows < 1) {
            throw new IllegalArgumentException("need positive thresholds and at least 1 sustained window, got "
                    + maxMixDistance + ", " + maxReadRatioDifference + ", " + sustainedWindows);
        }
    }

    public static SupersedeRule standard() {
        return new SupersedeRule(0.2, 0.15, 3);
    }

    /**
     * @param proposedFor the workload the proposal was made for ({@link TuningDecision.Propose#seen()})
     * @param since       the windows observed since the proposal, oldest first
     */
    public Check check(WorkloadVector proposedFor, List<WorkloadVector> since) {
        if (since.size() < sustainedWindows) {
            return new Check(false, "only " + since.size() + " of " + sustainedWindows + " windows since the proposal");
        }
        for (WorkloadVector w : since.subList(since.size() - sustainedWindows, since.size())) {
            double distance = w.mixDistance(proposedFor);
            double reads = Math.abs(w.proportion(Operation.READ) - proposedFor.proportion(Operation.READ));
            if (distance <= maxMixDistance && reads <= maxReadRatioDifference) {
                return new Check(false, String.format(Locale.ROOT,
                        "workload within tolerance in at least one of the last %d windows (distance %.2f, read ratio %+.2f)",
                        sustainedWindows, distance, w.proportion(Operation.READ) - proposedFor.proportion(Operation.READ)));
            }
        }
        WorkloadVector last = since.get(since.size() - 1);
        return new Check(true, String.format(Locale.ROOT,
                "workload moved for %d windows: read ratio %.2f → %.2f, mix distance %.2f (limits %.2f, %.2f)",
                sustainedWindows, proposedFor.proportion(Operation.READ), last.proportion(Operation.READ),
                last.mixDistance(proposedFor), maxMixDistance, maxReadRatioDifference));
    }
}
