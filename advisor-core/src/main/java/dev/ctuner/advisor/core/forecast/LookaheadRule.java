package dev.ctuner.advisor.core.forecast;

/**
 * Chooses the planning lookahead T_L from measured forecast error (EUNOMIA §6.3: T_L "should be based
 * on the confidence of the workload predictor"; too long includes bad decision points, too short makes
 * the plan greedy). Rule: the largest h such that the RMSE of every lookahead 1..h stays within the
 * threshold; 1 (a greedy, one-step plan) when even the next step misses it.
 *
 * <pre>{@code
 * int steps = new LookaheadRule(0.10).choose(backtest);   // bus tracking: 20 steps of 15 min (5 h)
 * }</pre>
 *
 * @param maxRmse largest acceptable RMSE, 0..1
 */
public record LookaheadRule(double maxRmse) {

    public LookaheadRule {
        if (!(maxRmse > 0)) {
            throw new IllegalArgumentException("maxRmse must be positive, got " + maxRmse);
        }
    }

    public int choose(BacktestResult result) {
        int chosen = 1;
        for (int h = 1; h <= result.maxLookahead(); h++) {
            double e = result.rmse(h);
            if (Double.isNaN(e) || e > maxRmse) {
                break;
            }
            chosen = h;
        }
        return chosen;
    }
}
