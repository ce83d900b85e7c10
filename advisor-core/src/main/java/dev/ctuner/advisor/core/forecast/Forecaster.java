package dev.ctuner.advisor.core.forecast;

import java.util.List;

/**
 * Forecasts the next steps of a workload series from its history (EUNOMIA §4.1,
 * W(t_{k+1}) = f_pred(W(t_k), ..., W(t_0)), applied L times). Pure: the same history gives the
 * same forecast.
 *
 * <pre>{@code
 * Forecaster f = MarkovForecaster.trainer(2).fit(training);
 * List<WorkloadVector> next = f.forecast(history, 12);   // steps history.size() .. history.size()+11
 * }</pre>
 */
@FunctionalInterface
public interface Forecaster {

    /**
     * @param history   observed steps 0..t (not empty)
     * @param lookahead L ≥ 1
     * @return L vectors, for steps t+1..t+L
     */
    List<WorkloadVector> forecast(List<WorkloadVector> history, int lookahead);

    /** Checks the common arguments. */
    static void check(List<WorkloadVector> history, int lookahead) {
        if (history.isEmpty()) {
            throw new IllegalArgumentException("a forecast needs at least one observed step");
        }
        if (lookahead < 1) {
            throw new IllegalArgumentException("lookahead must be at least 1 step, got " + lookahead);
        }
    }
}
