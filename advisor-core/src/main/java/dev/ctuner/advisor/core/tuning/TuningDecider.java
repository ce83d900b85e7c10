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
import dev.ctuner.advisor.core.planning.ThroughputModel;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tuning loop's decision for one cluster at one decision period (ARCHITECTURE §7, EUNOMIA's
 * Dynamic Configuration Optimizer with a vetting step). Deterministic: no randomness, the same input
 * gives the same decision. Two judgements, then the better of them:
 * <ol>
 * <li><b>On the forecast.</b> Choose the forecaster and lookahead by value on the cluster's own history
 * ({@link ForecastSelector}), forecast, ask the exact planner whether a change pays for its cost
 * (EUNOMIA Eq. 6-8, T_r from {@link CostInputs}); the plan's first change, if its predicted gain over
 * the steps it is in effect reaches {@code minGain} and it is not predicted to gain less than
 * {@code minHistoryGain} on the windows the cluster actually ran (WORSE_ON_HISTORY: in simulation,
 * changes made for one job phase and then kept served fewer operations than the default).</li>
 * <li><b>On the history's mix.</b> The history as a stationary estimate of the workload (RAFIKI's static
 * optimisation, {@link HistoryMix}): the candidate that gains the most on the windows the cluster ran,
 * net of its cost, over a payback horizon of {@code paybackShare} × the history's windows (the longer
 * the cluster has run this mix, the longer a payback is trusted to it), if it pays back within that
 * horizon and its gain there, net of its cost, reaches {@code minGain}. A short lookahead sees one phase; a costly
 * change pays back over many, and what they average to is what the history shows.</li>
 * </ol>
 * When both propose, the change that serves more over their common horizon (the forecast for its
 * lookahead, the history's mix after it, each kept to the end, net of its cost) is proposed, and the
 * reason says what the other would have netted. When neither does, the hold's kind is the forecast's
 * and its reason gives both. The predicted gain keeps its interval (± spreads × the surrogate's
 * spread) for the uncertainty gate that follows (vetting's lower bound).
 *
 * <pre>{@code
 * TuningDecider decider = new TuningDecider(ForecastSelector.standard(), DecisionThresholds.standard());
 * TuningDecision d = decider.decide(new DecisionInput(series, current, candidates, model, tiers, cost));
 * d.reason();   // "no change pays for its cost within the 30-minute lookahead (markov2, T_r 14.8 s); on the mix of ..."
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

    /**
     * Decides with a forecaster and lookahead chosen before (a caller may re-choose less often than it
     * decides): the change the forecast supports, the change the history's mix supports, and of the
     * two the one worth more over their common horizon.
     */
    public TuningDecision decide(DecisionInput in, ForecastChoice choice) {
        WorkloadSeries history = in.history();
        if (history.size() < minimumHistory()) {
            return tooLittle(in);
        }
        List<WorkloadVector> forecast = choice.trainer().fit(history.vectors()).forecast(history.vectors(),
                choice.lookahead());
        TuningDecision byForecast = onForecast(in, choice, forecast);
        int horizon = thresholds.paybackSteps(history.size());
        if (horizon < 1) {
            return byForecast;
        }
        HistoryMix mix = HistoryMix.of(history.vectors(), in.current(), in.candidates(), in.model());
        TuningDecision byMix = onHistoryMix(in, choice, forecast, mix, horizon);
        if (byMix instanceof TuningDecision.Hold mixHold) {
            return byForecast instanceof TuningDecision.Hold h
                    ? new TuningDecision.Hold(h.kind(), h.reason() + "; " + mixHold.reason()) : byForecast;
        }
        TuningDecision.Propose s = (TuningDecision.Propose) byMix;
        if (byForecast instanceof TuningDecision.Hold h) {
            return s.because(" (on the forecast alone: " + h.reason() + ")");
        }
        return better((TuningDecision.Propose) byForecast, s, forecast, mix, in);
    }

    /** The exact planner on the forecast over the lookahead, then the gain and history thresholds. */
    private TuningDecision onForecast(DecisionInput in, ForecastChoice choice, List<WorkloadVector> forecast) {
        WorkloadSeries history = in.history();
        Planner planner = new Planner(in.model().mean(), in.cost().costModel(), in.tiers(), thresholds.margin());
        PlanProposal plan = planner.plan(forecast, history.stepSeconds(), in.current(), in.candidates(), 0);
        if (!plan.reconfigure() || plan.changes().isEmpty()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.NO_CHANGE_PAYS, String.format(Locale.ROOT,
                    "no change pays for its cost within the %s lookahead (%s, T_r %.1f s)",
                    DecisionText.duration(choice.lookahead() * history.stepSeconds()), choice.forecaster(),
                    in.cost().restartSeconds()));
        }
        PlannedChange first = plan.changes().get(0);
        int until = plan.changes().size() > 1 ? plan.changes().get(1).step() : forecast.size();
        List<WorkloadVector> inEffect = forecast.subList(first.step(), Math.max(first.step() + 1, until));
        GainEstimate gain = gain(in.model(), inEffect, in.current(), first.configuration());
        if (gain.expected() < thresholds.minGain()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.GAIN_BELOW_THRESHOLD, String.format(Locale.ROOT,
                    "predicted gain %s: below the %s threshold", DecisionText.percent(gain),
                    DecisionText.threshold(thresholds.minGain())));
        }
        GainEstimate onHistory = gain(in.model(), history.vectors(), in.current(), first.configuration());
        if (onHistory.expected() < thresholds.minHistoryGain()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.WORSE_ON_HISTORY, String.format(Locale.ROOT,
                    "predicted gain %s on the forecast but %s on the %d windows the cluster ran: below the %s threshold there",
                    DecisionText.percent(gain), DecisionText.percent(onHistory), history.size(),
                    DecisionText.threshold(thresholds.minHistoryGain())));
        }
        String reason = String.format(Locale.ROOT, "predicted gain %s; net %s of the operations over the %d-step lookahead%s",
                DecisionText.percent(gain), DecisionText.signed(plan.netGain() / plan.stayOperations()), choice.lookahead(),
                in.model().outsideData(meanMix(inEffect), first.configuration()).isEmpty() ? "" : "; outside the training data");
        return new TuningDecision.Propose(history.at(history.size() - 1), forecast, choice, in.current(),
                first.configuration(), ProposedChange.between(in.current(), first.configuration(), in.tiers()), gain,
                in.model().outsideData(meanMix(inEffect), first.configuration()), first.offsetSeconds(), plan,
                TuningDecision.Basis.FORECAST, forecast.size(), reason);
    }

    /**
     * RAFIKI's static optimisation on the history's mix, with EUNOMIA's cost: the change that gains the
     * most on the windows the cluster ran over the payback horizon, net of its cost, if that net gain
     * reaches {@code minGain} of the operations staying serves over the horizon (so a change that only
     * just pays back within the horizon, a wager with nothing expected in return, is not proposed).
     */
    private TuningDecision onHistoryMix(DecisionInput in, ForecastChoice choice, List<WorkloadVector> forecast,
                                        HistoryMix mix, int horizon) {
        WorkloadSeries history = in.history();
        String horizonText = String.format(Locale.ROOT, "the %s payback horizon (%d windows, %s of the history)",
                DecisionText.duration(horizon * history.stepSeconds()), horizon,
                DecisionText.threshold(thresholds.paybackShare()));
        Optional<HistoryMix.Change> best = mix.best(in.cost().costModel(), in.tiers(), horizon, history.stepSeconds())
                .filter(c -> c.netGain() > thresholds.margin() * c.stayOperations());
        if (best.isEmpty()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.NO_CHANGE_PAYS, String.format(Locale.ROOT,
                    "on the mix of the %d windows the cluster ran, no change pays back its cost within %s",
                    history.size(), horizonText));
        }
        HistoryMix.Change c = best.get();
        double net = c.netGain() / c.stayOperations();
        if (net < thresholds.minGain()) {
            return new TuningDecision.Hold(TuningDecision.HoldKind.GAIN_BELOW_THRESHOLD, String.format(Locale.ROOT,
                    "on the mix of the %d windows the cluster ran, the best change nets %s of the operations over %s: "
                            + "below the %s threshold", history.size(), DecisionText.signed(net), horizonText,
                    DecisionText.threshold(thresholds.minGain())));
        }
        GainEstimate gain = gain(in.model(), mix.windows(), in.current(), c.configuration());
        List<String> outside = in.model().outsideData(meanMix(mix.windows()), c.configuration());
        PlanProposal plan = new PlanProposal(List.of(new PlannedChange(0, 0, c.configuration(),
                in.tiers().tiers(in.current(), c.configuration()), c.loss())), horizon * c.gainPerStep(), c.loss(),
                c.stayOperations(), true);
        String reason = String.format(Locale.ROOT,
                "predicted gain %s on the mix of the %d windows the cluster ran; net %s of the operations over %s, "
                        + "its cost paid back in %.0f windows%s",
                DecisionText.percent(gain), history.size(), DecisionText.signed(net), horizonText,
                Math.ceil(c.paybackSteps()), outside.isEmpty() ? "" : "; outside the training data");
        return new TuningDecision.Propose(history.at(history.size() - 1), forecast, choice, in.current(), c.configuration(),
                ProposedChange.between(in.current(), c.configuration(), in.tiers()), gain, outside, 0, plan,
                TuningDecision.Basis.HISTORY_MIX, horizon, reason);
    }

    /**
     * Of a change the forecast supports and one the history's mix supports, the one that serves more
     * over their common horizon: the forecast for its lookahead, the history's mix after it, each
     * judged as a single change kept to the end, net of its cost.
     */
    private TuningDecision.Propose better(TuningDecision.Propose f, TuningDecision.Propose s, List<WorkloadVector> forecast,
                                          HistoryMix mix, DecisionInput in) {
        int common = Math.max(forecast.size(), s.horizonSteps());
        PlannedChange first = f.plan().changes().get(0);
        double stay = served(in, forecast, mix, common, in.current(), 0);
        double byForecast = served(in, forecast, mix, common, f.proposed(), first.step()) - first.expectedLoss() - stay;
        double byMix = served(in, forecast, mix, common, s.proposed(), 0) - s.plan().expectedLoss() - stay;
        boolean mixWins = byMix > byForecast;
        if (f.proposed().equals(s.proposed())) {
            return (mixWins ? s : f).because("; the " + (mixWins ? "forecast" : "history's mix") + " supports the same change");
        }
        String versus = String.format(Locale.ROOT, "; nets %s over %d windows (the %d-step forecast, then the history's mix)"
                        + " against %s for the change the %s supports", DecisionText.signed((mixWins ? byMix : byForecast) / stay),
                common, forecast.size(), DecisionText.signed((mixWins ? byForecast : byMix) / stay),
                mixWins ? "forecast" : "history's mix");
        return (mixWins ? s : f).because(versus);
    }

    /**
     * Operations served over {@code common} steps with the current configuration until step {@code from}
     * and {@code c} after it: the forecast's steps first, the history's mix for the rest.
     */
    private static double served(DecisionInput in, List<WorkloadVector> forecast, HistoryMix mix, int common,
                                 Configuration c, int from) {
        ThroughputModel mean = in.model().mean();
        double step = in.history().stepSeconds();
        double ops = 0;
        for (int t = 0; t < forecast.size(); t++) {
            ops += mean.opsPerSecond(forecast.get(t), t < from ? in.current() : c) * step;
        }
        return ops + (common - forecast.size()) * mix.opsPerSecond(c) * step;
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
}
