package dev.ctuner.advisor.simulate;

import dev.ctuner.advisor.core.forecast.ArForecaster;
import dev.ctuner.advisor.core.forecast.Backtest;
import dev.ctuner.advisor.core.forecast.BacktestResult;
import dev.ctuner.advisor.core.forecast.Forecaster;
import dev.ctuner.advisor.core.forecast.ForecasterTrainer;
import dev.ctuner.advisor.core.forecast.LookaheadRule;
import dev.ctuner.advisor.core.forecast.MarkovForecaster;
import dev.ctuner.advisor.core.forecast.NoisyForecaster;
import dev.ctuner.advisor.core.forecast.OracleForecaster;
import dev.ctuner.advisor.core.forecast.PersistenceForecaster;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.ReplanRule;
import dev.ctuner.advisor.core.simulation.PolicyResult;
import dev.ctuner.advisor.core.simulation.Simulator;
import dev.ctuner.advisor.core.simulation.TraceGenerators;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Replays a workload trace through the six policies and prints a markdown table of operations
 * served. The trace is generated (hpc, switching, daily; the forecaster trains on a second trace of
 * the same kind, seed + 1) or read from a trace CSV ({@link TraceCsv}; trains on the first half,
 * simulates the second). f_ops is the synthetic model unless {@code --surrogate experiments.csv}
 * names measured data. {@code --lookahead 0} chooses T_L by backtesting on the training trace: by the
 * forecast's RMSE ({@code --lookahead-rule rmse}, EUNOMIA's way) or by the operations the planner
 * itself serves with it ({@code --lookahead-rule value}, {@link #valueRule}).
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.simulate.SimulateMain --trace hpc --jobs 5 --steps 180 --step-seconds 20
 * java -cp ... dev.ctuner.advisor.simulate.SimulateMain --trace switching --surrogate docs/data/training.csv
 * </pre>
 */
public final class SimulateMain {

    static final String USAGE = "SimulateMain [--trace hpc|switching|daily|<trace.csv>] [--steps 180] [--step-seconds 20]"
            + " [--jobs 5] [--forecaster markov2|markov1|ar2|arima2|persistence|oracle] [--lookahead 0=auto]"
            + " [--lookahead-rule rmse|value] [--max-rmse 0.1]"
            + " [--noise 0] [--restart-seconds 14.8] [--nodes 3] [--down 1] [--rounds 3] [--rewrite-fraction 0.3]"
            + " [--rewrite-seconds 600] [--margin 0] [--replan-deviation 0.3] [--replan-min-steps 3] [--seed 42]"
            + " [--surrogate experiments.csv] [--radius 0.1] [--population 50] [--generations 80] [--write-trace out.csv]";

    /** The longest lookahead planned over: EUNOMIA's HPC horizon, 1 h at T_d = 20 s. */
    static final int MAX_LOOKAHEAD = 180;

    private SimulateMain() {
    }

    public static void main(String[] args) throws IOException {
        dev.ctuner.advisor.bench.BenchArgs.quietLibraries();
        System.out.print(run(args));
    }

    static String run(String[] args) throws IOException {
        SimulateArgs o = new SimulateArgs(args, USAGE);
        long seed = o.integer("seed", 42);
        String kind = o.text("trace", "hpc");
        Traces traces = traces(o, kind, o.integer("jobs", 5), seed);
        if (o.has("write-trace")) {
            TraceCsv.write(traces.trace(), Path.of(o.text("write-trace", "")));
        }
        Scenario scenario = scenario(o, traces.training(), seed);
        double noise = o.real("noise", 0);
        Outcome outcome = simulate(o, traces, scenario, noise, seed);
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "# Simulation: %s trace, %d steps of %d s%n%n", kind, traces.trace().size(),
                traces.trace().stepSeconds()));
        out.append(String.format(Locale.ROOT, "f_ops: %s; %d candidates; %s; forecaster %s%s, lookahead %d steps (%s)%n"
                        + "command: `SimulateMain %s`%n%n", scenario.description(), scenario.candidates().size(),
                outcome.cost(), outcome.forecaster(), noise > 0 ? String.format(Locale.ROOT, " with ±%.2f noise", noise) : "",
                outcome.lookahead(), outcome.lookaheadNote(), String.join(" ", args)));
        out.append("| policy | operations served | vs Default | reconfigurations | operations lost to reconfiguration |\n");
        out.append("|---|---|---|---|---|\n");
        double base = outcome.results().get(0).operations();
        for (PolicyResult r : outcome.results()) {
            out.append(String.format(Locale.ROOT, "| %s | %.0f | %+.1f%% | %d | %.0f |%n", r.policy(), r.operations(),
                    100 * (r.operations() / base - 1), r.reconfigurations(), r.lostOperations()));
        }
        return out.toString();
    }

    /** The trace simulated and the (longer, independent) trace the forecaster and the candidate cache learn from. */
    record Traces(WorkloadSeries trace, WorkloadSeries training) {
    }

    /** A generated trace ({@code hpc}, {@code switching}, {@code daily}) or a CSV trace split in halves. */
    static Traces traces(SimulateArgs o, String kind, int jobs, long seed) throws IOException {
        if (kind.equals("hpc") || kind.equals("switching") || kind.equals("daily")) {
            int steps = o.integer("steps", 180);
            return new Traces(generate(kind, o, jobs, steps, seed), generate(kind, o, jobs, 10 * steps, seed + 1));
        }
        WorkloadSeries all = TraceCsv.read(Path.of(kind));
        return new Traces(all.slice(all.size() / 2, all.size()), all.slice(0, all.size() / 2));
    }

    /** The surrogate of {@code --surrogate} with candidates from the training trace, else the synthetic model. */
    static Scenario scenario(SimulateArgs o, WorkloadSeries training, long seed) throws IOException {
        return o.has("surrogate")
                ? Scenario.fromExperiments(Path.of(o.text("surrogate", "")), training, o.real("radius", 0.1), seed,
                        o.integer("population", 50), o.integer("generations", 80))
                : Scenario.synthetic();
    }

    /** Every policy's result on one trace, with what the planner was given. */
    record Outcome(List<PolicyResult> results, CostModel cost, String forecaster, int lookahead, String lookaheadNote) {

        /** The result of one policy by its name. */
        PolicyResult policy(String name) {
            return results.stream().filter(r -> r.policy().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no policy " + name + " in " + results));
        }
    }

    /** Runs every policy over the trace; the forecaster's output perturbed by uniform noise ±{@code noise} when above 0. */
    static Outcome simulate(SimulateArgs o, Traces traces, Scenario scenario, double noise, long seed) {
        WorkloadSeries trace = traces.trace();
        WorkloadSeries training = traces.training();
        CostModel cost = new CostModel(o.real("restart-seconds", CostModel.MEASURED_RESTART_SECONDS), o.integer("nodes", 3),
                o.integer("down", 1), o.integer("rounds", 3), o.real("rewrite-fraction", 0.3), o.real("rewrite-seconds", 600), 0);
        String name = o.text("forecaster", "markov2");
        ForecasterTrainer trainer = trainer(name, trace);
        int lookahead = o.integer("lookahead", 0);
        String lookaheadNote = "given";
        if (lookahead <= 0 && name.equals("oracle")) {
            lookahead = Math.min(trace.size(), MAX_LOOKAHEAD);
            lookaheadNote = "oracle: the whole known queue, at most " + MAX_LOOKAHEAD + " steps";
        }
        ReplanRule rule = new ReplanRule(o.real("replan-deviation", 0.3), o.integer("replan-min-steps", 3), 1);
        int trainSteps = (int) (0.7 * training.size());
        int max = Math.min(training.size() - trainSteps, Math.min(trace.size(), MAX_LOOKAHEAD));
        String lookaheadRule = o.text("lookahead-rule", "rmse");
        if (!lookaheadRule.equals("rmse") && !lookaheadRule.equals("value")) {
            throw new IllegalArgumentException("--lookahead-rule is rmse or value, got '" + lookaheadRule + "'");
        }
        if (lookahead <= 0 && lookaheadRule.equals("value")) {
            lookahead = valueRule(trainer, training, trainSteps, max, scenario, cost, rule, o.real("margin", 0));
            lookaheadNote = "chosen by backtest: the planner's operations served on the last 30% of the training trace";
        } else if (lookahead <= 0) {
            BacktestResult backtest = Backtest.run(trainer, training.vectors(), trainSteps, max);
            lookahead = new LookaheadRule(o.real("max-rmse", 0.1)).choose(backtest);
            lookaheadNote = String.format(Locale.ROOT, "chosen by backtest: largest with RMSE ≤ %.2f (RMSE at 1 step %.3f)",
                    o.real("max-rmse", 0.1), backtest.rmse(1));
        }
        Forecaster forecaster = trainer.fit(training.vectors());
        if (noise > 0) {
            forecaster = new NoisyForecaster(forecaster, noise, seed);
        }
        Simulator sim = new Simulator(trace, scenario.candidates(), scenario.model(), cost, scenario.tiers());
        int perfectLookahead = Math.min(trace.size(), MAX_LOOKAHEAD);
        return new Outcome(sim.all(forecaster, lookahead, perfectLookahead, rule, o.real("margin", 0)), cost, name, lookahead,
                lookaheadNote);
    }

    /**
     * The lookahead a cost-benefit planner should use, judged by what it is for: the forecaster fitted
     * on the first {@code trainSteps} of the training trace, the planner run over the rest with each of
     * 1, 3, 9, 30, 90 and 180 steps (up to {@code max}), and the lookahead that served the most
     * operations there (the shorter one on a tie). A forecast whose every step is wrong by many points
     * can still carry the average mix a restart pays off over, which the RMSE rule cannot see.
     */
    static int valueRule(ForecasterTrainer trainer, WorkloadSeries training, int trainSteps, int max, Scenario scenario,
                         CostModel cost, ReplanRule rule, double margin) {
        Forecaster fitted = trainer.fit(training.vectors().subList(0, trainSteps));
        Simulator probe = new Simulator(training.slice(trainSteps, training.size()), scenario.candidates(), scenario.model(),
                cost, scenario.tiers());
        int best = 1;
        double bestOps = Double.NEGATIVE_INFINITY;
        for (int lookahead : new int[] {1, 3, 9, 30, 90, 180}) {
            if (lookahead > Math.max(1, max)) {
                break;
            }
            double ops = probe.planner("probe", fitted, lookahead, rule, margin, scenario.model()).operations();
            if (ops > bestOps) {
                best = lookahead;
                bestOps = ops;
            }
        }
        return best;
    }

    static WorkloadSeries generate(String kind, SimulateArgs o, int jobs, int steps, long seed) {
        long step = o.integer("step-seconds", kind.equals("daily") ? 900 : 20);
        return switch (kind) {
            case "hpc" -> TraceGenerators.hpcJobQueue(jobs, steps, step, 500, seed);
            case "switching" -> TraceGenerators.abruptSwitching(steps, step, o.integer("min-run", 5),
                    o.integer("max-run", 30), 40_000, seed);
            default -> TraceGenerators.dailyMix(steps, step, 3000, seed);
        };
    }

    static ForecasterTrainer trainer(String name, WorkloadSeries trace) {
        return switch (name) {
            case "markov1" -> MarkovForecaster.trainer(1);
            case "markov2" -> MarkovForecaster.trainer(2);
            case "ar2" -> ArForecaster.trainer(2, 0);
            case "arima2" -> ArForecaster.trainer(2, 1);
            case "persistence" -> ForecasterTrainer.of("persistence", new PersistenceForecaster());
            case "oracle" -> ForecasterTrainer.of("oracle", new OracleForecaster(trace.vectors()));
            default -> throw new IllegalArgumentException("unknown forecaster '" + name + "'; usage: " + USAGE);
        };
    }
}
