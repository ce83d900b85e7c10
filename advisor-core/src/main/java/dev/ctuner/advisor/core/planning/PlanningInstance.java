package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;
import java.util.Set;

/**
 * A planning problem in numbers, what {@link DpPlanner} and {@link GaPlanner} solve: N steps of
 * T_d seconds, K candidate configurations, H[t][k] the throughput of candidate k at step t's
 * forecast workload, and per ordered pair (i, j) the outage seconds and the spacing in steps a
 * switch i → j costs. Candidate {@code initial} is in effect before step 0 and may not change before
 * step {@code initialCooldown} (a reconfiguration still running).
 *
 * <pre>{@code
 * PlanningInstance p = PlanningInstance.of(forecast, 30, candidates, f, cost, tiers, 0, 0);
 * new DpPlanner().plan(p).value();
 * }</pre>
 */
public record PlanningInstance(double stepSeconds, double[][] opsPerSecond, double[][] outageSeconds,
                               int[][] spacingSteps, int initial, int initialCooldown) {

    public PlanningInstance {
        int k = outageSeconds.length;
        if (!(stepSeconds > 0) || opsPerSecond.length == 0 || k == 0 || spacingSteps.length != k
                || initial < 0 || initial >= k || initialCooldown < 0) {
            throw new IllegalArgumentException("need a positive step, at least one step and one candidate, K×K costs and "
                    + "spacings, a valid initial candidate and a non-negative cooldown");
        }
        for (double[] row : opsPerSecond) {
            if (row.length != k) {
                throw new IllegalArgumentException("every step needs a throughput for each of the " + k + " candidates");
            }
        }
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                if (i != j && spacingSteps[i][j] < 1) {
                    throw new IllegalArgumentException("a switch occupies at least its own step: spacing[" + i + "][" + j
                            + "] = " + spacingSteps[i][j]);
                }
            }
        }
    }

    /**
     * Builds the instance from a forecast: H from the throughput model, outage and spacing from the
     * cost model and the tiers of each pair; spacing = max(1, ⌈spacing seconds / T_d⌉).
     */
    public static PlanningInstance of(List<WorkloadVector> forecast, double stepSeconds, List<Configuration> candidates,
                                      ThroughputModel model, CostModel cost, TierClassifier tiers, int initial,
                                      int initialCooldown) {
        return of(forecast, stepSeconds, candidates, model, cost, tiers, initial, initialCooldown, 0);
    }

    /**
     * As above, with an operator's floor on the spacing: after any switch nothing changes for at
     * least {@code minSpacingSeconds}, even when the cost model's spacing is shorter (live changes).
     */
    public static PlanningInstance of(List<WorkloadVector> forecast, double stepSeconds, List<Configuration> candidates,
                                      ThroughputModel model, CostModel cost, TierClassifier tiers, int initial,
                                      int initialCooldown, double minSpacingSeconds) {
        if (!(minSpacingSeconds >= 0)) {
            throw new IllegalArgumentException("minimum spacing must be non-negative, got " + minSpacingSeconds);
        }
        int n = forecast.size();
        int k = candidates.size();
        double[][] h = new double[n][k];
        for (int t = 0; t < n; t++) {
            for (int c = 0; c < k; c++) {
                h[t][c] = model.opsPerSecond(forecast.get(t), candidates.get(c));
            }
        }
        double[][] outage = new double[k][k];
        int[][] spacing = new int[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                if (i != j) {
                    Set<ApplyMode> change = tiers.tiers(candidates.get(i), candidates.get(j));
                    outage[i][j] = cost.outageSeconds(change);
                    double seconds = Math.max(cost.spacingSeconds(change), minSpacingSeconds);
                    spacing[i][j] = Math.max(1, (int) Math.ceil(seconds / stepSeconds - 1e-9));
                }
            }
        }
        return new PlanningInstance(stepSeconds, h, outage, spacing, initial, initialCooldown);
    }

    public int steps() {
        return opsPerSecond.length;
    }

    public int candidates() {
        return outageSeconds.length;
    }

    /** Operations served in step t under candidate k (EUNOMIA Eq. 7 term: H_sys · T_d). */
    public double served(int t, int k) {
        return opsPerSecond[t][k] * stepSeconds;
    }

    /** EUNOMIA Eq. 8 for a switch i → j at step t: H_sys(W(t), C_j) · outage seconds. */
    public double switchLoss(int t, int from, int to) {
        return from == to ? 0 : opsPerSecond[t][to] * outageSeconds[from][to];
    }
}
