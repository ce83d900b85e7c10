package dev.ctuner.advisor.simulate;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * EUNOMIA's results table (§6.8, §6.9) in one command: for each number of concurrent jobs of the
 * HPC job-queue trace and each forecast-noise level ±R, the Planner against Default, Static-Optimal
 * and Naive and its distance below the Theoretical Best, as median [min, max] over {@code --seeds}
 * independently generated traces (each with its own training trace and candidate set). Every other
 * option is {@link SimulateMain}'s and means the same there.
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.simulate.SimulationTable --surrogate docs/data/training.csv --jobs 1,5,10 \
 *     --noise 0,0.1,0.2,0.3 --seeds 5
 * </pre>
 */
public final class SimulationTable {

    static final String USAGE = "SimulationTable [--jobs 1,5,10] [--noise 0,0.1,0.2] [--seeds 5] [--seed 42] and SimulateMain's"
            + " options (--surrogate experiments.csv, --steps, --forecaster, ...)";

    private SimulationTable() {
    }

    public static void main(String[] args) throws IOException {
        dev.ctuner.advisor.bench.BenchArgs.quietLibraries();
        System.out.print(run(args));
    }

    static String run(String[] args) throws IOException {
        SimulateArgs o = new SimulateArgs(args, USAGE, SimulateMain.USAGE);
        int[] jobs = ints(o.text("jobs", "1,5,10"));
        double[] noises = Arrays.stream(o.text("noise", "0,0.1,0.2").split(",")).mapToDouble(Double::parseDouble).toArray();
        int seeds = o.integer("seeds", 5);
        long seed = o.integer("seed", 42);
        if (seeds < 1 || jobs.length == 0 || noises.length == 0) {
            throw new IllegalArgumentException("need at least one job count, noise level and seed; usage: " + USAGE);
        }
        StringBuilder out = new StringBuilder("# Planner results table: HPC job-queue trace\n\n");
        String model = null;
        List<String> lines = new ArrayList<>();
        for (int j : jobs) {
            List<List<SimulateMain.Outcome>> byNoise = new ArrayList<>();
            for (double ignored : noises) {
                byNoise.add(new ArrayList<>());
            }
            for (int s = 0; s < seeds; s++) {
                long traceSeed = seed + 1000L * s;
                SimulateMain.Traces traces = SimulateMain.traces(o, "hpc", j, traceSeed);
                Scenario scenario = SimulateMain.scenario(o, traces.training(), traceSeed);
                model = scenario.description().replaceAll("; \\d+ candidates from \\d+ optimiser calls", "");
                for (int n = 0; n < noises.length; n++) {
                    byNoise.get(n).add(SimulateMain.simulate(o, traces, scenario, noises[n], traceSeed));
                }
            }
            for (int n = 0; n < noises.length; n++) {
                List<SimulateMain.Outcome> runs = byNoise.get(n);
                lines.add(String.format(Locale.ROOT, "| %d | ±%.2f | %s | %s | %s | %s | %s | %s | %s | %s | %s |", j, noises[n],
                        spread(runs, r -> gain(r, "Planner", "Default")),
                        spread(runs, r -> gain(r, "Planner", "Static-Optimal")),
                        spread(runs, r -> gain(r, "Planner", "Naive")),
                        spread(runs, r -> 100 * (1 - r.policy("Planner").operations()
                                / r.policy("Theoretical-Best").operations())),
                        spread(runs, r -> gain(r, "Planner-perfect", "Default")),
                        spread(runs, r -> gain(r, "Static-Optimal", "Default")),
                        spread(runs, r -> gain(r, "Theoretical-Best", "Default")),
                        whole(runs, r -> r.policy("Planner").reconfigurations()),
                        whole(runs, SimulateMain.Outcome::lookahead)));
            }
        }
        out.append(String.format(Locale.ROOT, "f_ops: %s. %d traces per row (seeds %d, %d, ...), each %d steps of %d s with its "
                        + "own 10× longer training trace; forecaster %s; the Planner's lookahead T_L is the whole known queue "
                        + "(oracle, at most %d steps) or chosen per trace by backtest on its training trace (other forecasters; rule: %s) "
                        + "unless given; "
                        + "Planner-perfect knows the trace and plans over %d steps. "
                        + "Cells: median [min, max] over the traces; %% of operations served.%n%n"
                        + "Command: `SimulationTable %s`%n%n", model, seeds, seed, seed + 1000, o.integer("steps", 180),
                o.integer("step-seconds", 20), o.text("forecaster", "markov2"), SimulateMain.MAX_LOOKAHEAD,
                o.text("lookahead-rule", "rmse").equals("value") ? "the lookahead whose plans served the most operations"
                        : "the largest lookahead with forecast RMSE within --max-rmse",
                Math.min(o.integer("steps", 180), SimulateMain.MAX_LOOKAHEAD), String.join(" ", args)));
        out.append("| jobs | forecast noise | Planner vs Default | Planner vs Static-Optimal | Planner vs Naive "
                + "| Planner below Theoretical Best | Planner, perfect forecast, vs Default | Static-Optimal vs Default "
                + "| Theoretical Best vs Default | Planner reconfigurations | Planner T_L (steps) |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|\n");
        lines.forEach(l -> out.append(l).append('\n'));
        return out.toString();
    }

    /** a over b − 1, in percent. */
    static double gain(SimulateMain.Outcome o, String a, String b) {
        return 100 * (o.policy(a).operations() / o.policy(b).operations() - 1);
    }

    private static String spread(List<SimulateMain.Outcome> runs, ToDoubleFunction<SimulateMain.Outcome> value) {
        double[] v = runs.stream().mapToDouble(value).sorted().toArray();
        return String.format(Locale.ROOT, "%+.1f%% [%+.1f, %+.1f]", median(v), v[0], v[v.length - 1]);
    }

    /** A whole number per trace, as median [min, max]. */
    private static String whole(List<SimulateMain.Outcome> runs, ToDoubleFunction<SimulateMain.Outcome> value) {
        double[] v = runs.stream().mapToDouble(value).sorted().toArray();
        return String.format(Locale.ROOT, "%.0f [%.0f, %.0f]", median(v), v[0], v[v.length - 1]);
    }

    /** The median of values sorted ascending. */
    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static int[] ints(String text) {
        return Arrays.stream(text.split(",")).map(String::trim).filter(x -> !x.isEmpty()).mapToInt(Integer::parseInt).toArray();
    }
}
