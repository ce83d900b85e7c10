package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.planning.PlanProposal;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;
import java.util.Locale;

/**
 * What {@link TuningDecider} decided for one cluster at one decision period: propose a change with
 * its evidence, or hold with the reason. Both are kept (an operator reads why nothing happened).
 *
 * <pre>{@code
 * switch (decider.decide(input)) {
 *     case TuningDecision.Propose p -> store(p.proposed(), p.predictedGain(), p.outsideData());
 *     case TuningDecision.Hold h -> log(h.reason());   // "predicted gain 2.0% ± 6.0%: below the 5% threshold"
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

    /**
     * A change worth proposing (origin ADVISOR).
     *
     * @param seen              the last window's workload
     * @param forecast          the forecast the plan used, one vector per step
     * @param choice            the forecaster and lookahead, with the backtest trials that chose them
     * @param current           the configuration in effect
     * @param proposed          the candidate to change to, as the input listed it (knobs it does not set are not changed)
     * @param changes           each changed knob with its cost tier
     * @param predictedGain     relative throughput gain over the current configuration while the change is in
     *                          effect in the plan, with an interval of ± spreads × the surrogate's spread
     * @param outsideData       why the proposed point lies outside the training data; empty when inside
     * @param startOffsetSeconds when to start the change, from now (0 = at once)
     * @param plan              the planner's proposal: every planned switch, expected benefit and loss in operations
     */
    record Propose(WorkloadVector seen, List<WorkloadVector> forecast, ForecastChoice choice, Configuration current,
                   Configuration proposed, List<ProposedChange> changes, GainEstimate predictedGain,
                   List<String> outsideData, double startOffsetSeconds, PlanProposal plan) implements TuningDecision {

        public Propose {
            forecast = List.copyOf(forecast);
            changes = List.copyOf(changes);
            outsideData = List.copyOf(outsideData);
        }

        /** Expected operations gained over the lookahead, net of the change's cost (EUNOMIA Eq. 6 minus staying). */
        public double expectedNetGain() {
            return plan.netGain();
        }

        /** True when the proposed point lies outside the data the model was trained on. */
        public boolean isOutsideData() {
            return !outsideData.isEmpty();
        }

        @Override
        public String reason() {
            return String.format(Locale.ROOT, "predicted gain %s; net %+.1f%% of the operations over the %d-step lookahead%s",
                    TuningDecider.percent(predictedGain), 100 * plan.netGain() / plan.stayOperations(), choice.lookahead(),
                    outsideData.isEmpty() ? "" : "; outside the training data");
        }
    }
}
