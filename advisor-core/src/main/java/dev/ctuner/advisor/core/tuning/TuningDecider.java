package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.PlanProposal;
import dev.ctuner.advisor.core.planning.PlannedChange;
import dev.ctuner.advisor.core.planning.Planner;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;
import java.util.Locale;

/**
 * The tuning loop's decision for one cluster at one decision period (ARCHITECTURE §7, EUNOMIA's
 * Dynamic Configuration Optimizer with a vetting step): choose the forecaster and lookahead by value
 * on the cluster's own history ({@link ForecastSelector}), forecast, ask the exact planner whether a
 * change pays for its cost (EUNOMIA Eq. 6-8, T_r from {@link CostInputs}), and propose the plan's
 * first change only if its predicted gain reaches the threshold. Deterministic: no randomness, the
 * same input gives the same decision.
 *
 * <p>The order of the holds: too little history; no change pays within the lookahead (the planner
 * prefers staying); the predicted gain of the first change is below {@code minGain}; the change is
 * predicted to gain less than {@code minHistoryGain} on the windows the cluster actually ran (the
 * forecast was a transient: in simulation, changes made for one job phase of a queue and then kept,
 * because undoing them never paid within the lookahead, served fewer operations than the default).
 *
 * <pre>{@code
 * TuningDecider decider = new TuningDecider(ForecastSelector.standard(), DecisionThresholds.standard());
 * TuningDecision d = decider.decide(new DecisionInput(series, current, candidates, model, tiers, cost));
 * d.reason();   // "no change pays for its cost within the 30-minute lookahead"
 * }</pre>
 */
public final class TuningDecider {

    private final ForecastSelector selector;
    private final DecisionThresholds thresholds;

    public TuningDecider(ForecastSelector selector, DecisionThresholds thresholds) {
        this.selector = selector;
        this.thresholds = thresholds;
    }

    /** Windows of history needed before a decision: the thresholds' minimum or the backtest's, whichever is larger. */
    public int minimumHistory() {
        return Math.max(thresholds.minHistory(), selector.minimumHistory());
    }

    /** Chooses the forecaster and lookahead on the input's history, then decides. */
    public TuningDecision decide(DecisionInput in) {
        if (in.history().size() < minimumHistory()) {
            return tooLittle(in);
        }
        return decide(in, choose(in));
    }

    /** The forecaster and lookahead for this input, by value ({@link ForecastSelector}); needs the minimum history. */
    public ForecastChoice choose(DecisionInput in) {
        CostModel cost = in.cost().costModel();
        return selector.choose(in.history(), in.current(), in.candidates(), in.model().mean(), cost, in.tiers());
    }

    /** Decides with a forecaster and lookahead chosen before (a caller may re-choose less often than it decides). */
    public TuningDecision decide(DecisionInput in, ForecastChoice choice) {
        WorkloadSeries history = in.history();
        if (history.size() < minimumHistory()) {
            return tooLittle(in);
        }
        List<WorkloadVector> forecast = choice.trainer().fit(history.vectors()).forecast(history.vectors(),
                choice.lookahead());
        Planner planner = new Planner(in.model().mean(), in.cost().costModel(), in.tiers(), thresholds.margin());
        PlanProposal plan = planner.plan(forecast, history.stepSeconds(), in.current(), in.candidates(), 0);
        if (!plan.reconfigure() || plan.changes().isEmpty()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.NO_CHANGE_PAYS, String.format(Locale.ROOT,
                    "no change pays for its cost within the %s lookahead (%s, T_r %.1f s)",
                    duration(choice.lookahead() * history.stepSeconds()), choice.forecaster(), in.cost().restartSeconds()));
        }
        PlannedChange first = plan.changes().get(0);
        int until = plan.changes().size() > 1 ? plan.changes().get(1).step() : forecast.size();
        List<WorkloadVector> inEffect = forecast.subList(first.step(), Math.max(first.step() + 1, until));
        GainEstimate gain = gain(in.model(), inEffect, in.current(), first.configuration());
        if (gain.expected() < thresholds.minGain()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.GAIN_BELOW_THRESHOLD, String.format(Locale.ROOT,
                    "predicted gain %s: below the %s threshold", percent(gain), trim(100 * thresholds.minGain()) + "%"));
        }
        GainEstimate onHistory = gain(in.model(), history.vectors(), in.current(), first.configuration());
        if (onHistory.expected() < thresholds.minHistoryGain()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.WORSE_ON_HISTORY, String.format(Locale.ROOT,
                    "predicted gain %s on the forecast but %s on the %d windows the cluster ran: below the %s threshold there",
                    percent(gain), percent(onHistory), history.size(), trim(100 * thresholds.minHistoryGain()) + "%"));
        }
        WorkloadVector mean = meanMix(inEffect);
        return new TuningDecision.Propose(history.at(history.size() - 1), forecast, choice, in.current(),
                first.configuration(), ProposedChange.between(in.current(), first.configuration(), in.tiers()), gain,
                in.model().outsideData(mean, first.configuration()), first.offsetSeconds(), plan);
    }

    private TuningDecision tooLittle(DecisionInput in) {
        return new TuningDecision.Hold(TuningDecision.HoldKind.TOO_LITTLE_HISTORY,
                "too little history: " + in.history().size() + " of " + minimumHistory() + " windows");
    }

    /**
     * Relative gain of {@code proposed} over {@code current}, summed over the workloads it will serve;
     * the spread of each sum is the sum of spreads (errors at nearby mixes move together), combined
     * for the ratio by first-order propagation: σ(T/C) ≈ T/C · √((σ_T/T)² + (σ_C/C)²).
     */
    GainEstimate gain(UncertainThroughput model, List<WorkloadVector> workloads, Configuration current,
                      Configuration proposed) {
        double t = 0;
        double st = 0;
        double c = 0;
        double sc = 0;
        for (WorkloadVector w : workloads) {
            Prediction p = model.predict(w, proposed);
            Prediction q = model.predict(w, current);
            t += Math.max(0, p.mean());
            st += p.spread();
            c += Math.max(0, q.mean());
            sc += q.spread();
        }
        if (c <= 0) {
            throw new IllegalArgumentException("the model predicts no throughput for the current configuration");
        }
        double ratio = t / c;
        double sigma = t > 0 ? ratio * Math.hypot(st / t, sc / c) : sc / c;
        double half = thresholds.spreads() * sigma;
        return new GainEstimate(ratio - 1, ratio - 1 - half, ratio - 1 + half);
    }

    static WorkloadVector meanMix(List<WorkloadVector> workloads) {
        double[] sum = new double[workloads.get(0).mix().length];
        double rate = 0;
        for (WorkloadVector w : workloads) {
            double[] m = w.mix();
            for (int i = 0; i < m.length; i++) {
                sum[i] += m[i];
            }
            rate += w.rate();
        }
        return new WorkloadVector(sum, rate / workloads.size());
    }

    /** "2.0% ± 6.0%" (the interval's half-width; the interval is symmetric). */
    static String percent(GainEstimate g) {
        return String.format(Locale.ROOT, "%.1f%% ± %.1f%%", 100 * g.expected(), 100 * (g.upper() - g.expected()));
    }

    static String duration(double seconds) {
        return seconds >= 3600 && seconds % 3600 == 0 ? trim(seconds / 3600) + "-hour"
                : seconds >= 60 ? trim(seconds / 60) + "-minute" : trim(seconds) + "-second";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
