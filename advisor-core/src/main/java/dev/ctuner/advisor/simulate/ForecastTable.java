package dev.ctuner.advisor.simulate;

import dev.ctuner.advisor.core.forecast.Backtest;
import dev.ctuner.advisor.core.forecast.BacktestResult;
import dev.ctuner.advisor.core.forecast.LookaheadRule;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * EUNOMIA's forecast tables (Tables 1 and 2: error against lookahead) for our trace generators: for
 * each trace kind and each forecaster, a backtest on generated traces (train on the first 70%,
 * forecast from every origin of the rest) and the RMSE of the operation proportions, in percentage
 * points, at chosen lookaheads, as the median over {@code --seeds} traces; then the lookahead
 * T_L that {@link LookaheadRule} would choose at {@code --max-rmse}. The simulator chooses T_L the
 * same way ({@link SimulateMain}).
 *
 * <pre>
 * scripts/harness-java.sh dev.ctuner.advisor.simulate.ForecastTable --traces hpc1,hpc5,hpc10,switching,daily \
 *     --forecasters persistence,markov1,markov2,ar2,arima2 --lookaheads 1,3,9,30,90,180 --seeds 5
 * </pre>
 */
public final class ForecastTable {

    static final String USAGE = "ForecastTable [--traces hpc1,hpc5,hpc10,switching,daily] [--forecasters "
            + "persistence,markov1,markov2,ar2,arima2] [--lookaheads 1,3,9,30,90,180] [--steps 1800] [--seeds 5] [--seed 42] "
            + "[--max-rmse 0.1] [--step-seconds N]";

    private ForecastTable() {
    }

    public static void main(String[] args) {
        System.out.print(run(args));
    }

    static String run(String[] args) {
        SimulateArgs o = new SimulateArgs(args, USAGE);
        List<String> traces = List.of(o.text("traces", "hpc1,hpc5,hpc10,switching,daily").split(","));
        List<String> forecasters = List.of(o.text("forecasters", "persistence,markov1,markov2,ar2,arima2").split(","));
        int[] lookaheads = Arrays.stream(o.text("lookaheads", "1,3,9,30,90,180").split(",")).mapToInt(Integer::parseInt).toArray();
        int steps = o.integer("steps", 1800);
        int seeds = o.integer("seeds", 5);
        long seed = o.integer("seed", 42);
        double maxRmse = o.real("max-rmse", 0.1);
        int longest = Arrays.stream(lookaheads).max().orElse(0);
        int trainSteps = (int) (0.7 * steps);
        if (seeds < 1 || lookaheads.length == 0 || Arrays.stream(lookaheads).min().getAsInt() < 1
                || trainSteps + longest > steps) {
            throw new IllegalArgumentException("need at least one seed, lookaheads of 1 or more and 30% of --steps ("
                    + (steps - trainSteps) + ") at least the longest lookahead (" + longest + "); usage: " + USAGE);
        }
        LookaheadRule rule = new LookaheadRule(maxRmse);
        StringBuilder out = new StringBuilder("# Forecast error against lookahead (EUNOMIA Tables 1 and 2, on generated traces)\n\n");
        out.append(String.format(Locale.ROOT, "Each cell: RMSE of the forecast operation proportions, in percentage points, "
                + "median [min, max] over %d traces of %d steps (seeds %d, %d, ...), trained on the first %d steps and scored "
                + "from every later origin. T_L: the largest lookahead whose RMSE stays within %.0f points at every shorter "
                + "one (LookaheadRule; the simulator's choice).%n%nCommand: `ForecastTable %s`%n", seeds, steps, seed,
                seed + 1000, trainSteps, 100 * maxRmse, String.join(" ", args)));
        for (String trace : traces) {
            series(trace, o, 2, seed); // an unknown trace fails before any work
            out.append(String.format(Locale.ROOT, "%n## %s%n%n| forecaster |", describe(trace, o)));
            for (int h : lookaheads) {
                out.append(" ").append(h).append(h == 1 ? " step |" : " steps |");
            }
            out.append(" T_L (steps) |\n|---|");
            out.append("---|".repeat(lookaheads.length + 1)).append('\n');
            for (String forecaster : forecasters) {
                List<BacktestResult> results = new ArrayList<>();
                for (int s = 0; s < seeds; s++) {
                    WorkloadSeries series = series(trace, o, steps, seed + 1000L * s);
                    results.add(Backtest.run(SimulateMain.trainer(forecaster, series), series.vectors(), trainSteps, longest));
                }
                out.append("| ").append(results.get(0).forecaster()).append(" |");
                for (int h : lookaheads) {
                    out.append(' ').append(spread(results.stream().mapToDouble(r -> 100 * r.rmse(h)).toArray(), "%.1f"))
                            .append(" |");
                }
                out.append(' ').append(spread(results.stream().mapToDouble(rule::choose).toArray(), "%.0f")).append(" |\n");
            }
        }
        return out.toString();
    }

    /** {@code hpcN} (the HPC job queue with N concurrent jobs), {@code switching} or {@code daily}. */
    private static WorkloadSeries series(String trace, SimulateArgs o, int steps, long seed) {
        if (trace.startsWith("hpc")) {
            return SimulateMain.generate("hpc", o, jobs(trace), steps, seed);
        }
        if (trace.equals("switching") || trace.equals("daily")) {
            return SimulateMain.generate(trace, o, 1, steps, seed);
        }
        throw new IllegalArgumentException("unknown trace '" + trace + "': hpcN (N concurrent jobs), switching or daily");
    }

    private static int jobs(String trace) {
        try {
            int jobs = Integer.parseInt(trace.substring(3));
            if (jobs >= 1) {
                return jobs;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("an HPC trace is hpcN with N ≥ 1 concurrent jobs, got '" + trace + "'");
    }

    private static String describe(String trace, SimulateArgs o) {
        if (trace.startsWith("hpc")) {
            return String.format(Locale.ROOT, "HPC job queue, %d concurrent job%s, T_d = %d s", jobs(trace),
                    jobs(trace) == 1 ? "" : "s", o.integer("step-seconds", 20));
        }
        return trace.equals("switching")
                ? String.format(Locale.ROOT, "abrupt read/write switching, T_d = %d s", o.integer("step-seconds", 20))
                : String.format(Locale.ROOT, "daily multi-operation mix, T_d = %d s", o.integer("step-seconds", 900));
    }

    private static String spread(double[] values, String format) {
        double[] v = values.clone();
        Arrays.sort(v);
        return String.format(Locale.ROOT, format + " [" + format + ", " + format + "]", SimulationTable.median(v), v[0],
                v[v.length - 1]);
    }
}
