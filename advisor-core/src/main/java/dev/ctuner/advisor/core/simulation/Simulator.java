package dev.ctuner.advisor.core.simulation;

import dev.ctuner.advisor.core.forecast.Forecaster;
import dev.ctuner.advisor.core.forecast.OracleForecaster;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.DpPlanner;
import dev.ctuner.advisor.core.planning.Plan;
import dev.ctuner.advisor.core.planning.PlanningInstance;
import dev.ctuner.advisor.core.planning.ReplanRule;
import dev.ctuner.advisor.core.planning.ThroughputModel;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.common.catalog.Configuration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Replays a workload trace through policies and scores operations served (EUNOMIA §6 baselines).
 * All policies start in candidate 0 (the default) and are scored with the true throughput model:
 * <ul>
 * <li>Default: never changes.</li>
 * <li>Static-Optimal: the one candidate best over the whole trace, knowing it in advance, switched to
 * at step 0 (paying that switch).</li>
 * <li>Naïve: after each step, if the optimum for the workload just observed differs from the current
 * candidate, reconfigure every node at once ({@link CostModel#allAtOnce()}).</li>
 * <li>Planner: at each re-plan ({@link ReplanRule}) forecast L steps from the history so far and
 * follow the exact DP plan; rolling reconfiguration costs and spacing.</li>
 * <li>Planner-perfect: the same with an {@link OracleForecaster} and its own lookahead: a perfect
 * forecast has no error, so it is not held to the horizon the imperfect forecaster earned.</li>
 * <li>Theoretical Best: the best candidate at every step, switching for free (an upper bound).</li>
 * </ul>
 *
 * <pre>{@code
 * Simulator sim = new Simulator(trace, candidates, f, CostModel.rolling(14.8, 3, 1, 3), tiers);
 * sim.all(markov, 1, 180, new ReplanRule(0.2, 3, 1), 0.0);   // Markov trusted 1 step ahead, the oracle 180
 * }</pre>
 */
public final class Simulator {

    private final WorkloadSeries trace;
    private final List<Configuration> candidates;
    private final ThroughputModel truth;
    private final PlanningInstance rolling;
    private final PlanningInstance allAtOnce;

    public Simulator(WorkloadSeries trace, List<Configuration> candidates, ThroughputModel truth, CostModel cost,
                     TierClassifier tiers) {
        this.trace = trace;
        this.candidates = List.copyOf(candidates);
        this.truth = truth;
        this.rolling = PlanningInstance.of(trace.vectors(), trace.stepSeconds(), candidates, truth, cost, tiers, 0, 0);
        this.allAtOnce = PlanningInstance.of(trace.vectors(), trace.stepSeconds(), candidates, truth, cost.allAtOnce(),
                tiers, 0, 0);
    }

    /**
     * The six policies of EUNOMIA §6 in a fixed order; the planner uses {@code forecaster} over
     * {@code lookahead} steps, Planner-perfect the trace itself over {@code perfectLookahead} steps.
     */
    public List<PolicyResult> all(Forecaster forecaster, int lookahead, int perfectLookahead, ReplanRule rule,
                                  double margin) {
        return List.of(defaultPolicy(), staticOptimal(), naive(),
                planner("Planner", forecaster, lookahead, rule, margin, truth),
                planner("Planner-perfect", new OracleForecaster(trace.vectors()), perfectLookahead, rule, margin, truth),
                theoreticalBest());
    }

    public PolicyResult defaultPolicy() {
        return score("Default", rolling, new int[trace.size()]);
    }

    public PolicyResult staticOptimal() {
        PolicyResult best = null;
        for (int k = 0; k < candidates.size(); k++) {
            int[] configs = new int[trace.size()];
            Arrays.fill(configs, k);
            PolicyResult r = score("Static-Optimal", rolling, configs);
            if (best == null || r.operations() > best.operations()) {
                best = r;
            }
        }
        return best;
    }

    public PolicyResult naive() {
        int n = trace.size();
        int[] configs = new int[n];
        int current = 0;
        int nextAllowed = 0;
        for (int t = 0; t < n; t++) {
            if (t > 0 && t >= nextAllowed) {
                int wanted = argmax(rowFor(trace.at(t - 1), truth));
                if (wanted != current) {
                    nextAllowed = t + allAtOnce.spacingSteps()[current][wanted];
                    current = wanted;
                }
            }
            configs[t] = current;
        }
        return score("Naive", allAtOnce, configs);
    }

    public PolicyResult theoreticalBest() {
        double ops = 0;
        int switches = 0;
        int previous = 0;
        for (int t = 0; t < trace.size(); t++) {
            int k = argmax(rolling.opsPerSecond()[t]);
            ops += rolling.served(t, k);
            switches += k == previous ? 0 : 1;
            previous = k;
        }
        return new PolicyResult("Theoretical-Best", ops, switches, 0);
    }

    /**
     * The online planner: re-plans when {@code rule} says so, forecasting L steps from the observed
     * history with {@code forecaster} and solving with {@link DpPlanner} over {@code model} (the
     * planner's belief; the score always uses the true model).
     */
    public PolicyResult planner(String name, Forecaster forecaster, int lookahead, ReplanRule rule, double margin,
                                ThroughputModel model) {
        int n = trace.size();
        List<WorkloadVector> observed = trace.vectors();
        int[] configs = new int[n];
        int current = 0;
        int nextAllowed = 0;
        int planStep = -1;
        int[] plan = null;
        List<WorkloadVector> forecastAtPlan = List.of();
        for (int t = 0; t < n; t++) {
            if (t > 0 && (plan == null || rule.decide(observed.subList(planStep, t), forecastAtPlan).replan())) {
                forecastAtPlan = forecaster.forecast(observed.subList(0, t), lookahead);
                PlanningInstance p = new PlanningInstance(trace.stepSeconds(), rows(forecastAtPlan, model),
                        rolling.outageSeconds(), rolling.spacingSteps(), current, Math.max(0, nextAllowed - t));
                Plan best = new DpPlanner().plan(p);
                Plan stay = Plan.stay(p);
                plan = best.value() - stay.value() > margin * stay.benefit() ? best.configByStep() : stay.configByStep();
                planStep = t;
            }
            int wanted = plan == null || t - planStep >= plan.length ? current : plan[t - planStep];
            if (wanted != current && t >= nextAllowed) {
                nextAllowed = t + rolling.spacingSteps()[current][wanted];
                current = wanted;
            }
            configs[t] = current;
        }
        return score(name, rolling, configs);
    }

    private double[][] rows(List<WorkloadVector> workloads, ThroughputModel model) {
        double[][] h = new double[workloads.size()][];
        for (int i = 0; i < h.length; i++) {
            h[i] = rowFor(workloads.get(i), model);
        }
        return h;
    }

    private double[] rowFor(WorkloadVector w, ThroughputModel model) {
        double[] row = new double[candidates.size()];
        for (int k = 0; k < row.length; k++) {
            row[k] = model.opsPerSecond(w, candidates.get(k));
        }
        return row;
    }

    private static int argmax(double[] values) {
        int best = 0;
        for (int i = 1; i < values.length; i++) {
            if (values[i] > values[best]) {
                best = i;
            }
        }
        return best;
    }

    private static PolicyResult score(String name, PlanningInstance instance, int[] configs) {
        Plan p = Plan.evaluate(instance, configs).orElseThrow(() -> new IllegalStateException(name + " broke the spacing"));
        return new PolicyResult(name, p.value(), p.switches().size(), p.loss());
    }

    /** Candidate configurations the simulation chooses among (index 0 is the default). */
    public List<Configuration> candidates() {
        return candidates;
    }

    /** Results in a new list with each policy's gain over the first (Default). */
    public static List<String> gains(List<PolicyResult> results) {
        List<String> out = new ArrayList<>();
        double base = results.get(0).operations();
        for (PolicyResult r : results) {
            out.add(String.format(java.util.Locale.ROOT, "%s %+.1f%%", r.policy(), 100 * (r.operations() / base - 1)));
        }
        return out;
    }
}
