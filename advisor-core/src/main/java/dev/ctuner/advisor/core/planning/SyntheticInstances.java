package dev.ctuner.advisor.core.planning;

import java.util.SplittableRandom;

/**
 * Random planning instances for tests and benchmarks (synthetic numbers, not Cassandra results):
 * K candidates whose throughput follows a workload that switches between regimes, each candidate
 * good in some regimes; outage 0-30 s and spacing 1-3 steps per pair.
 *
 * <pre>{@code
 * PlanningInstance p = SyntheticInstances.random(180, 20, 30, 42);
 * }</pre>
 */
public final class SyntheticInstances {

    private SyntheticInstances() {
    }

    public static PlanningInstance random(int steps, int candidates, double stepSeconds, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int regimes = 2 + r.nextInt(3);
        double[][] byRegime = new double[regimes][candidates];
        for (int g = 0; g < regimes; g++) {
            for (int c = 0; c < candidates; c++) {
                byRegime[g][c] = 30_000 + 30_000 * r.nextDouble();
            }
        }
        double[][] h = new double[steps][];
        int regime = 0;
        for (int t = 0; t < steps; t++) {
            if (r.nextDouble() < 0.15) {
                regime = r.nextInt(regimes);
            }
            h[t] = new double[candidates];
            for (int c = 0; c < candidates; c++) {
                h[t][c] = byRegime[regime][c] * (0.95 + 0.1 * r.nextDouble());
            }
        }
        double[][] outage = new double[candidates][candidates];
        int[][] spacing = new int[candidates][candidates];
        for (int i = 0; i < candidates; i++) {
            for (int j = 0; j < candidates; j++) {
                if (i != j) {
                    outage[i][j] = 30 * r.nextDouble();
                    spacing[i][j] = 1 + r.nextInt(3);
                }
            }
        }
        return new PlanningInstance(stepSeconds, h, outage, spacing, r.nextInt(candidates), r.nextInt(2));
    }
}
