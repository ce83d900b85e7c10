package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.planning.Plan;
import dev.ctuner.advisor.core.planning.PlanningInstance;
import dev.ctuner.advisor.core.planning.ThroughputModel;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.advisor.core.simulation.PolicyResult;
import dev.ctuner.common.catalog.Configuration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Replays a workload trace through the tuning loop's own decision code, step by step, as the
 * service runs it: at each decision period with nothing pending or rolling out, {@link TuningDecider}
 * decides on the history seen so far (the cluster's earlier windows, then the trace up to now); a
 * proposal is approved after {@code approvalDelaySteps} (0 = the automatic policy) unless
 * {@link SupersedeRule} supersedes it first, then rolls out and blocks further changes for the cost
 * model's spacing. The forecaster and lookahead are re-chosen every {@code reselectSteps}. The score
 * uses the simulator's accounting ({@link Plan#evaluate}, EUNOMIA Eq. 6-8) with the true model, so it
 * compares directly with {@link dev.ctuner.advisor.core.simulation.Simulator}'s policies.
 *
 * <pre>{@code
 * LoopReplay replay = new LoopReplay(decider, SupersedeRule.standard(), 0, 30, 540);
 * LoopReplay.Result r = replay.run(history, trace, candidates, model, model.mean(), tiers, cost);
 * r.served().operations();
 * }</pre>
 */
public final class LoopReplay {

    /**
     * The loop's score and what it did.
     *
     * @param changeSteps the trace steps at which a change started
     */
    public record Result(PolicyResult served, int proposals, int superseded, Map<TuningDecision.HoldKind, Integer> holds,
                         List<Integer> changeSteps) {

        public Result {
            holds = Map.copyOf(holds);
            changeSteps = List.copyOf(changeSteps);
        }
    }

    private final TuningDecider decider;
    private final SupersedeRule supersede;
    private final int approvalDelaySteps;
    private final int reselectSteps;
    private final int maxHistory;

    /**
     * @param approvalDelaySteps steps between a proposal and its approval (0: approved at once)
     * @param reselectSteps      steps between two choices of forecaster and lookahead
     * @param maxHistory         most recent windows the decider is given (the service's retention)
     */
    public LoopReplay(TuningDecider decider, SupersedeRule supersede, int approvalDelaySteps, int reselectSteps,
                      int maxHistory) {
        if (approvalDelaySteps < 0 || reselectSteps < 1 || maxHistory < decider.minimumHistory()) {
            throw new IllegalArgumentException("need approvalDelaySteps ≥ 0, reselectSteps ≥ 1 and maxHistory ≥ "
                    + decider.minimumHistory());
        }
        this.decider = decider;
        this.supersede = supersede;
        this.approvalDelaySteps = approvalDelaySteps;
        this.reselectSteps = reselectSteps;
        this.maxHistory = maxHistory;
    }

    /**
     * @param history    the cluster's windows before the trace (may be empty: a cold start)
     * @param trace      the windows replayed and scored
     * @param candidates configurations to choose among; index 0 is in effect at the start (the default)
     * @param model      what the decider believes
     * @param truth      what scores the result
     */
    public Result run(WorkloadSeries history, WorkloadSeries trace, List<Configuration> candidates,
                      UncertainThroughput model, ThroughputModel truth, TierClassifier tiers, CostInputs cost) {
        if (history.stepSeconds() != trace.stepSeconds()) {
            throw new IllegalArgumentException("history and trace need the same window length");
        }
        PlanningInstance scoring = PlanningInstance.of(trace.vectors(), trace.stepSeconds(), candidates, truth,
                cost.costModel(), tiers, 0, 0);
        UncertainThroughput cached = new CachedThroughput(model);
        List<WorkloadVector> seen = new ArrayList<>(history.vectors());
        Map<TuningDecision.HoldKind, Integer> holds = new EnumMap<>(TuningDecision.HoldKind.class);
        int[] configs = new int[trace.size()];
        int current = 0;
        int nextAllowed = 0;
        int proposals = 0;
        int superseded = 0;
        TuningDecision.Propose pending = null;
        int proposedAt = 0;
        ForecastChoice choice = null;
        int chosenAt = Integer.MIN_VALUE;
        for (int t = 0; t < trace.size(); t++) {
            if (pending != null && supersede.check(pending.seen(), trace.vectors().subList(proposedAt, t)).superseded()) {
                pending = null;
                superseded++;
            }
            if (pending == null && t >= nextAllowed && seen.size() >= decider.minimumHistory()) {
                WorkloadSeries window = new WorkloadSeries(0, trace.stepSeconds(),
                        seen.subList(Math.max(0, seen.size() - maxHistory), seen.size()));
                DecisionInput in = new DecisionInput(window, candidates.get(current), candidates, cached, tiers, cost);
                if (choice == null || t - chosenAt >= reselectSteps) {
                    choice = decider.choose(in);
                    chosenAt = t;
                }
                TuningDecision d = decider.decide(in, choice);
                if (d instanceof TuningDecision.Propose p) {
                    pending = p;
                    proposedAt = t;
                    proposals++;
                } else if (d instanceof TuningDecision.Hold h) {
                    holds.merge(h.kind(), 1, Integer::sum);
                }
            }
            if (pending != null && t >= proposedAt + approvalDelaySteps && t >= nextAllowed
                    && t >= proposedAt + (int) Math.round(pending.startOffsetSeconds() / trace.stepSeconds())) {
                int next = candidates.indexOf(pending.proposed());
                if (next < 0) {
                    throw new IllegalStateException("the decider proposed a configuration that is not a candidate");
                }
                nextAllowed = t + scoring.spacingSteps()[current][next];
                current = next;
                pending = null;
            }
            configs[t] = current;
            seen.add(trace.at(t));
        }
        Plan plan = Plan.evaluate(scoring, configs).orElseThrow(() -> new IllegalStateException("the loop broke the spacing"));
        return new Result(new PolicyResult("Closed loop", plan.value(), plan.switches().size(), plan.loss()), proposals,
                superseded, holds, plan.switches().stream().map(Plan.Switch::step).toList());
    }
}
