package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.catalog.Configuration;
import java.util.ArrayList;
import java.util.List;

/**
 * The facade an adapter calls: forecast + current configuration + candidates in, a
 * {@link PlanProposal} out (EUNOMIA's Dynamic Configuration Optimizer, solved exactly by
 * {@link DpPlanner}). Reconfigures only if benefit − loss exceeds {@code margin} × the operations the
 * current configuration would serve (ARCHITECTURE §7: "with margin").
 *
 * <pre>{@code
 * Planner planner = new Planner(f, CostModel.rolling(14.8, 3, 1, 3), tiers, 0.02);
 * PlanProposal p = planner.plan(forecast, 300, current, cache.candidates(forecast, current), 0);
 * }</pre>
 */
public final class Planner {

    private final ThroughputModel model;
    private final CostModel cost;
    private final TierClassifier tiers;
    private final double margin;
    private final double minSpacingSeconds;

    public Planner(ThroughputModel model, CostModel cost, TierClassifier tiers, double margin) {
        this(model, cost, tiers, margin, 0);
    }

    /** @param minSpacingSeconds an operator's floor on the time between two changes (the cost model's spacing applies when longer) */
    public Planner(ThroughputModel model, CostModel cost, TierClassifier tiers, double margin, double minSpacingSeconds) {
        if (!(margin >= 0)) {
            throw new IllegalArgumentException("margin must be non-negative, got " + margin);
        }
        if (!(minSpacingSeconds >= 0)) {
            throw new IllegalArgumentException("minimum spacing must be non-negative, got " + minSpacingSeconds);
        }
        this.model = model;
        this.cost = cost;
        this.tiers = tiers;
        this.margin = margin;
        this.minSpacingSeconds = minSpacingSeconds;
    }

    /**
     * @param forecast      workloads of the next steps (the lookahead)
     * @param stepSeconds   T_d
     * @param current       the configuration in effect
     * @param candidates    configurations to choose from (the current one is added if missing)
     * @param cooldownSteps steps before a change may start (a reconfiguration still running)
     */
    public PlanProposal plan(List<WorkloadVector> forecast, double stepSeconds, Configuration current,
                             List<Configuration> candidates, int cooldownSteps) {
        List<Configuration> all = new ArrayList<>();
        all.add(current);
        candidates.stream().filter(c -> !c.equals(current)).distinct().forEach(all::add);
        PlanningInstance instance = PlanningInstance.of(forecast, stepSeconds, all, model, cost, tiers, 0, cooldownSteps,
                minSpacingSeconds);
        Plan best = new DpPlanner().plan(instance);
        Plan stay = Plan.stay(instance);
        double benefit = best.benefit() - stay.benefit();
        boolean worth = best.value() - stay.value() > margin * stay.benefit();
        List<PlannedChange> changes = new ArrayList<>();
        if (worth) {
            for (Plan.Switch s : best.switches()) {
                changes.add(new PlannedChange(s.step(), s.step() * stepSeconds, all.get(s.to()),
                        tiers.tiers(all.get(s.from()), all.get(s.to())), instance.switchLoss(s.step(), s.from(), s.to())));
            }
        }
        return new PlanProposal(changes, worth ? benefit : 0, worth ? best.loss() : 0, stay.benefit(), worth);
    }
}
