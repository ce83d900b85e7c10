package dev.ctuner.advisor.core.tuning;

/**
 * When the decider may propose: enough history, a plan whose net gain beats staying by the margin,
 * a predicted gain of at least {@code minGain} on the forecast, and at least {@code minHistoryGain}
 * on the windows the cluster actually ran (the whole history the decider is given), so that a
 * change fitted to a transient forecast that loses on the cluster's usual workload is not proposed.
 *
 * <pre>{@code
 * DecisionThresholds t = DecisionThresholds.standard();   // 5% gain, not worse on the history, no margin, 10 windows, ±1 spread
 * new DecisionThresholds(0.05, 0.02, 0.01, 20, 2.0);      // stricter: +2% on the history, net gain ≥ 1% of staying, ±2 spreads
 * }</pre>
 *
 * @param minGain       smallest predicted relative throughput gain of the proposed configuration over the
 *                      forecast steps it is in effect (0.05 = 5%)
 * @param minHistoryGain smallest predicted relative gain over the history's windows (0 = not worse; may be
 *                      negative to allow a loss there)
 * @param margin        the plan's net gain (benefit − loss, EUNOMIA Eq. 6) must exceed margin × the operations
 *                      staying serves over the lookahead
 * @param minHistory    windows of history needed before deciding
 * @param spreads       half-width of the predicted gain's interval, in the surrogate's standard deviations
 */
public record DecisionThresholds(double minGain, double minHistoryGain, double margin, int minHistory, double spreads) {

    public DecisionThresholds {
        if (!(minGain >= 0) || !(margin >= 0) || !(spreads >= 0) || Double.isInfinite(minGain)) {
            throw new IllegalArgumentException("minGain, margin and spreads must be finite and non-negative, got "
                    + minGain + ", " + margin + ", " + spreads);
        }
        if (!Double.isFinite(minHistoryGain)) {
            throw new IllegalArgumentException("minHistoryGain must be a finite number, got " + minHistoryGain);
        }
        if (minHistory < 1) {
            throw new IllegalArgumentException("minHistory must be at least 1 window, got " + minHistory);
        }
    }

    public static DecisionThresholds standard() {
        return new DecisionThresholds(0.05, 0, 0, 10, 1);
    }
}
