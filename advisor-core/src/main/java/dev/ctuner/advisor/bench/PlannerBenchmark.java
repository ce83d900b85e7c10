package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.planning.DpPlanner;
import dev.ctuner.advisor.core.planning.GaPlanner;
import dev.ctuner.advisor.core.planning.Plan;
import dev.ctuner.advisor.core.planning.PlanningInstance;
import dev.ctuner.advisor.core.planning.SyntheticInstances;
import java.util.Arrays;
import java.util.Locale;

/**
 * Planner speed and quality on random instances ({@link SyntheticInstances}, synthetic numbers):
 * wall-clock time of the exact DP and of the EUNOMIA-style GA (population 200, crossover 0.8) for N
 * decision points × K candidates, and the GA's plan value against the DP optimum measured in the same
 * run. Median [min, max] over repetitions; one instance per repetition (seed + repetition).
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.bench.PlannerBenchmark --steps 180 --candidates 20,50 --reps 20 --ga-reps 5
 * </pre>
 */
public final class PlannerBenchmark {

    static final String USAGE = "PlannerBenchmark [--steps 180] [--candidates 20,50] [--reps 20] [--ga-reps 5]"
            + " [--ga-population 200] [--ga-generations 200] [--seed 42]";

    private PlannerBenchmark() {
    }

    public static void main(String[] args) {
        System.out.print(run(args));
    }

    static String run(String[] args) {
        String[] withPlaceholder = new String[args.length + 1];   // BenchArgs expects a CSV first; none is read here
        withPlaceholder[0] = "-";
        System.arraycopy(args, 0, withPlaceholder, 1, args.length);
        BenchArgs o = new BenchArgs(withPlaceholder, USAGE);
        int steps = o.integer("steps", 180);
        int reps = o.integer("reps", 20);
        int gaReps = o.integer("ga-reps", 5);
        long seed = o.seed();
        GaPlanner ga = new GaPlanner(o.integer("ga-population", 200), o.integer("ga-generations", 200), 0.8, 0.02);
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "# Planner benchmark: %d decision points%n%nGA %s; command: `PlannerBenchmark %s`%n%n",
                steps, ga, String.join(" ", args)));
        out.append("| candidates | DP ms (median [min, max]) | GA ms (median [min, max]) | GA time / DP time | "
                + "GA value / DP value | GA share of DP gain over staying |\n|---|---|---|---|---|---|\n");
        for (String k : o.list("candidates", "20,50")) {
            int candidates = Integer.parseInt(k);
            for (int w = 0; w < 3; w++) {
                new DpPlanner().plan(SyntheticInstances.random(steps, candidates, 20, seed - 1 - w));   // warm-up
            }
            double[] dpMs = new double[reps];
            Plan[] optimal = new Plan[reps];
            for (int r = 0; r < reps; r++) {
                PlanningInstance p = SyntheticInstances.random(steps, candidates, 20, seed + r);
                long start = System.nanoTime();
                optimal[r] = new DpPlanner().plan(p);
                dpMs[r] = (System.nanoTime() - start) / 1e6;
            }
            double[] gaMs = new double[gaReps];
            double[] value = new double[gaReps];
            double[] share = new double[gaReps];
            for (int r = 0; r < gaReps; r++) {
                PlanningInstance p = SyntheticInstances.random(steps, candidates, 20, seed + r);
                long start = System.nanoTime();
                Plan g = ga.plan(p, seed + r);
                gaMs[r] = (System.nanoTime() - start) / 1e6;
                Plan dp = r < reps ? optimal[r] : new DpPlanner().plan(p);
                double stay = Plan.stay(p).value();
                value[r] = g.value() / dp.value();
                share[r] = dp.value() == stay ? 1 : (g.value() - stay) / (dp.value() - stay);
            }
            double dpMedian = median(dpMs);
            out.append(String.format(Locale.ROOT, "| %d | %s | %s | %.0f× | %s | %s |%n", candidates, spread(dpMs, "%.2f"),
                    spread(gaMs, "%.0f"), median(gaMs) / dpMedian, spread(value, "%.4f"), spread(share, "%.3f")));
        }
        return out.toString();
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String spread(double[] values, String format) {
        double[] v = values.clone();
        Arrays.sort(v);
        return String.format(Locale.ROOT, format + " [" + format + ", " + format + "]", median(v), v[0], v[v.length - 1]);
    }
}
