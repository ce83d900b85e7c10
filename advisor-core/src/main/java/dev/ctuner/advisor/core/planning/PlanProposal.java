package dev.ctuner.advisor.core.planning;

import java.util.List;

/**
 * What {@link Planner#plan} returns: when to change and to what, with the expected benefit (extra
 * operations served over keeping the current configuration, EUNOMIA Eq. 7 minus its value for "stay")
 * and the expected loss (Eq. 8). Empty changes when no plan beats staying by the margin.
 *
 * <pre>{@code
 * PlanProposal p = planner.plan(request);
 * if (p.reconfigure()) { p.changes(); p.expectedBenefit() - p.expectedLoss(); }
 * }</pre>
 *
 * @param changes         the reconfigurations, in time order
 * @param expectedBenefit operations gained over staying, before losses
 * @param expectedLoss    operations lost to the reconfigurations
 * @param stayOperations  operations served over the lookahead if nothing changes
 * @param reconfigure     benefit − loss exceeds the margin
 */
public record PlanProposal(List<PlannedChange> changes, double expectedBenefit, double expectedLoss, double stayOperations,
                           boolean reconfigure) {

    public PlanProposal {
        changes = List.copyOf(changes);
    }

    public double netGain() {
        return expectedBenefit - expectedLoss;
    }
}
