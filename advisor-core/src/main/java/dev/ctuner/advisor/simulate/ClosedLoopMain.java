package dev.ctuner.advisor.simulate;

import dev.ctuner.advisor.core.forecast.OracleForecaster;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.planning.ReplanRule;
import dev.ctuner.advisor.core.simulation.PolicyResult;
import dev.ctuner.advisor.core.simulation.Simulator;
import dev.ctuner.advisor.core.tuning.CostInputs;
import dev.ctuner.advisor.core.tuning.DecisionThresholds;
import dev.ctuner.advisor.core.tuning.ForecastSelector;
import dev.ctuner.advisor.core.tuning.LoopReplay;
import dev.ctuner.advisor.core.tuning.SupersedeRule;
import dev.ctuner.advisor.core.tuning.TuningDecider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Closed-loop simulation: the tuning loop's own decision code ({@link TuningDecider} with
 * {@link ForecastSelector}'s value rule, {@link SupersedeRule}) replayed by {@link LoopReplay} on
 * generated traces of each kind, against the simulator's Default, Static-Optimal, Planner-perfect and
 * Theoretical-Best on the same trace, candidates and cost model. Each trace is preceded by
 * {@code --history} windows of the same process: the cluster's stored past, the only thing the loop
 * learns its forecaster from. Seeds come from SHA-256 of {@code --seed-label} and the seed's index,
 * so they are fixed before any result is seen and differ from the seeds other tables use.
 *
 * <pre>
 * scripts/harness-java.sh dev.ctuner.advisor.simulate.ClosedLoopMain --surrogate docs/data/dataset-v2.csv --seeds 5
 * </pre>
 */
public final class ClosedLoopMain {

    static final String USAGE = "ClosedLoopMain [--surrogate docs/data/dataset-v2.csv|synthetic] [--kinds hpc,switching,daily]"
            + " [--seeds 5] [--seed-label closed-loop-benchmark] [--steps 180] [--history 1800 (10 × steps)] [--jobs 5]"
            + " [--step-seconds 20 (daily 900)] [--min-run 5] [--max-run 30] [--approval-delay 0] [--reselect 30]"
            + " [--min-gain 0.05] [--min-history-gain 0 (-1: off)] [--payback-share 0.25 (0: forecast only)] [--radius 0.1] [--population 50] [--generations 80]";

    private ClosedLoopMain() {
    }

    public static void main(String[] args) throws IOException {
        dev.ctuner.advisor.bench.BenchArgs.quietLibraries();
        System.out.print(run(args));
    }

    /** One trace's scores. */
    record Row(String kind, long seed, PolicyResult defaultPolicy, PolicyResult staticOptimal, PolicyResult perfect,
               PolicyResult best, LoopReplay.Result loop) {

        double vs(PolicyResult r) {
            return r.operations() / defaultPolicy.operations();
        }
    }

    static String run(String[] args) throws IOException {
        SimulateArgs o = new SimulateArgs(args, USAGE);
        List<Row> rows = rows(o);
        return ClosedLoopReport.markdown(rows, String.join(" ", args));
    }

    static List<Row> rows(SimulateArgs o) throws IOException {
        String surrogate = o.text("surrogate", "docs/data/dataset-v2.csv");
        long trainingSeed = 42;
        Scenario.Trained trained = surrogate.equals("synthetic") ? null : Scenario.Trained.train(Path.of(surrogate), trainingSeed);
        int steps = o.integer("steps", 180);
        int history = o.integer("history", 10 * steps);
        CostInputs cost = new CostInputs(OptionalDouble.empty(), 3, 1, 3, 0.3, 600);
        ReplanRule rule = new ReplanRule(0.3, 3, 1);
        TuningDecider decider = new TuningDecider(ForecastSelector.standard(),
                new DecisionThresholds(o.real("min-gain", 0.05), o.real("min-history-gain", 0), 0, 10, 1,
                        o.real("payback-share", DecisionThresholds.STANDARD_PAYBACK_SHARE)));
        LoopReplay replay = new LoopReplay(decider, SupersedeRule.standard(), o.integer("approval-delay", 0),
                o.integer("reselect", 30), Math.max(history, decider.minimumHistory()));
        List<Row> rows = new ArrayList<>();
        for (String kind : o.text("kinds", "hpc,switching,daily").split(",")) {
            for (long seed : seeds(o.text("seed-label", "closed-loop-benchmark"), o.integer("seeds", 5))) {
                WorkloadSeries all = SimulateMain.generate(kind, o, o.integer("jobs", 5), history + steps, seed);
                WorkloadSeries past = all.slice(0, history);
                WorkloadSeries trace = all.slice(history, all.size());
                Scenario s = trained == null ? Scenario.synthetic()
                        : trained.scenario(past, o.real("radius", 0.1), seed, o.integer("population", 50),
                                o.integer("generations", 80));
                Simulator sim = new Simulator(trace, s.candidates(), s.model(), cost.costModel(), s.tiers());
                PolicyResult perfect = sim.planner("Planner-perfect", new OracleForecaster(trace.vectors()),
                        Math.min(trace.size(), SimulateMain.MAX_LOOKAHEAD), rule, 0, s.model());
                LoopReplay.Result loop = replay.run(past, trace, s.candidates(), s.belief(), s.model(), s.tiers(), cost);
                rows.add(new Row(kind, seed, sim.defaultPolicy(), sim.staticOptimal(), perfect, sim.theoreticalBest(), loop));
            }
        }
        return rows;
    }

    /** {@code n} seeds: the first 8 bytes of SHA-256("label#i"), made non-negative. */
    static long[] seeds(String label, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("need at least one seed, got " + n);
        }
        try {
            long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                byte[] h = MessageDigest.getInstance("SHA-256").digest((label + "#" + i).getBytes(StandardCharsets.UTF_8));
                out[i] = ByteBuffer.wrap(h).getLong() & Long.MAX_VALUE;
            }
            return out;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    static String format(double ratio) {
        return String.format(Locale.ROOT, "%.3f", ratio);
    }
}
