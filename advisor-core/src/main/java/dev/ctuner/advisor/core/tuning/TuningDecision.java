package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.planning.PlanProposal;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;

/**
 * What {@link TuningDecider} decided for one cluster at one decision period: propose a change with
 * its evidence, or hold with the reason. Both are kept (an operator reads why nothing happened).
 *
 * <pre>{@code
 * switch (decider.decide(input)) {
 *     case TuningDecision.Propose p -> store(p.proposed(), p.predictedGain(), p.outsideData());
 *     case TuningDecision.Hold h -> log(h.reason());   // "predicted gain 2.0% ± 6.0%: below the 5% threshold; …"
 * }
 * }</pre>
 */
public sealed interface TuningDecision {

    /** Human-readable summary. */
    String reason();

    /** Why the decider held. */
    enum HoldKind { TOO_LITTLE_HISTORY, NO_CHANGE_PAYS, GAIN_BELOW_THRESHOLD, WORSE_ON_HISTORY }

    /** No change this period. */
    record Hold(HoldKind kind, String reason) implements TuningDecision {
    }

    /** What a proposal was judged on. */
    enum Basis {
        /** The forecast over the chosen lookahead, planned by the exact planner. */
        FORECAST,
        /** The mix of the windows the cluster ran, over the payback horizon the history supports. */
        HISTORY_MIX
    }

    /**
     * A change worth proposing (origin ADVISOR).
     *
     * @param seen              the last window's workload
     * @param forecast          the forecast made this period, one vector per step of the lookahead
     * @param choice            the forecaster and lookahead, with the backtest trials that chose them
     * @param current           the configuration in effect
     * @param proposed          the candidate to change to, as the input listed it (knobs it does not set are not changed)
     * @param changes           each changed knob with its cost tier
     * @param predictedGain     relative throughput gain over the current configuration on the workloads the
     *                          basis judged it on (the forecast steps it is in effect, or the history's
     *                          windows), with an interval of ± spreads × the surrogate's spread
     * @param outsideData       why the proposed point lies outside the training data; empty when inside
     * @param startOffsetSeconds when to start the change, from now (0 = at once)
     * @param plan              every planned switch, expected benefit and loss in operations over
     *                          {@code horizonSteps}
     * @param basis             what the change was judged on
     * @param horizonSteps      the steps the plan's benefit and loss are counted over (the lookahead, or the payback horizon)
     * @param reason            why, as an operator reads it
     */
    record Propose(WorkloadVector seen, List<WorkloadVector> forecast, ForecastChoice choice, Configuration current,
                   Configuration proposed, List<ProposedChange> changes, GainEstimate predictedGain,
                   List<String> outsideData, double startOffsetSeconds, PlanProposal plan, Basis basis, int horizonSteps,
                   String reason) implements TuningDecision {

        public Propose {
            forecast = List.copyOf(forecast);
            changes = List.copyOf(changes);
            outsideData = List.copyOf(outsideData);
        }

        /** Expected operations gained over the horizon, net of the change's cost (EUNOMIA Eq. 6 minus staying). */
        public double expectedNetGain() {
            return plan.netGain();
        }

        /** True when the proposed point lies outside the training data. */
        public boolean isOutsideData() {
            return !outsideData.isEmpty();
        }

        /** The same proposal with more said about why. */
        Propose because(String more) {
            return new Propose(seen, forecast, choice, current, proposed, changes, predictedGain, outsideData,
                    startOffsetSeconds, plan, basis, horizonSteps, reason + more);
        }
    }
}
