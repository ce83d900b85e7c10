package dev.ctuner.advisor.core.planning;

/**
 * Exact planner: dynamic programming over steps × candidates, O(N·K²) (EUNOMIA solves Eq. 6 with a
 * GA; a DP is exact for the same objective, digest §6 note 5).
 *
 * <p>State. Value F[t][k] = best B − L of steps t..N−1 when candidate k is in effect and a switch is
 * allowed at step t. The time since the last switch need not be part of the state: right after a
 * switch i → j at step t nothing may change until step t + S_ij, so the DP jumps there in one move
 * (collecting Σ H·T_d of j over the forced steps by prefix sums); at t + S_ij the system is again
 * "free with j in effect", and what happens next depends on nothing else. Every plan that respects
 * the spacing is such a path and vice versa, so the formulation is exact (tested against brute force).
 *
 * <pre>{@code
 * Plan best = new DpPlanner().plan(instance);   // 180 steps × 20 candidates: milliseconds
 * }</pre>
 */
public final class DpPlanner {

    public Plan plan(PlanningInstance p) {
        int n = p.steps();
        int k = p.candidates();
        double[][] prefix = new double[k][n + 1];   // prefix[c][t] = Σ_{u<t} served(u, c)
        for (int c = 0; c < k; c++) {
            for (int t = 0; t < n; t++) {
                prefix[c][t + 1] = prefix[c][t] + p.served(t, c);
            }
        }
        double[][] best = new double[n + 1][k];
        int[][] choice = new int[n + 1][k];   // −1 = stay this step, else the candidate switched to
        for (int t = n - 1; t >= 0; t--) {
            for (int c = 0; c < k; c++) {
                double value = p.served(t, c) + best[t + 1][c];
                int chosen = -1;
                for (int j = 0; j < k; j++) {
                    if (j == c) {
                        continue;
                    }
                    int until = Math.min(n, t + p.spacingSteps()[c][j]);
                    double v = -p.switchLoss(t, c, j) + prefix[j][until] - prefix[j][t] + best[until][j];
                    if (v > value) {
                        value = v;
                        chosen = j;
                    }
                }
                best[t][c] = value;
                choice[t][c] = chosen;
            }
        }
        int[] configs = new int[n];
        int current = p.initial();
        int t = Math.min(n, p.initialCooldown());
        for (int u = 0; u < t; u++) {
            configs[u] = current;
        }
        while (t < n) {
            int j = choice[t][current];
            if (j < 0) {
                configs[t++] = current;
            } else {
                int until = Math.min(n, t + p.spacingSteps()[current][j]);
                for (int u = t; u < until; u++) {
                    configs[u] = j;
                }
                current = j;
                t = until;
            }
        }
        return Plan.evaluate(p, configs).orElseThrow();
    }
}
