package dev.ctuner.advisor.core.forecast;

/**
 * RMSE of a forecaster per lookahead, as in EUNOMIA Tables 1 and 2.
 *
 * <pre>{@code
 * r.rmse(2);                       // error two steps ahead, 0..1
 * LookaheadRule.maxWithin(0.1).choose(r);   // the largest lookahead with RMSE ≤ 10%
 * }</pre>
 *
 * @param forecaster name of the forecaster
 * @param rmseByStep RMSE of the h-step forecast at index h − 1
 */
public record BacktestResult(String forecaster, double[] rmseByStep) {

    public BacktestResult {
        rmseByStep = rmseByStep.clone();
    }

    @Override
    public double[] rmseByStep() {
        return rmseByStep.clone();
    }

    public int maxLookahead() {
        return rmseByStep.length;
    }

    /** RMSE of the forecast {@code h} steps ahead, 1 ≤ h ≤ maxLookahead. */
    public double rmse(int h) {
        return rmseByStep[h - 1];
    }
}
