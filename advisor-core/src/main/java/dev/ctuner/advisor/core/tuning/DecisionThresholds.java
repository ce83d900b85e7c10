package dev.ctuner.advisor.core.tuning;

/**
 * When the decider may propose: enough history, a plan whose net gain beats staying by the margin,
 * a predicted gain of at least {@code minGain} on the forecast, and at least {@code minHistoryGain}
 * on the windows the cluster actually ran (the whole history the decider is given), so that a
 * change fitted to a transient forecast that loses on the cluster's usual workload is not proposed.
 * Besides the forecast, the decider judges each candidate on the history's own mix over a payback
 * horizon of {@code paybackShare} × the history's windows: a change chosen there must gain at least
 * {@code minGain} on the mix and pay back its cost within that horizon.
 *
 * <pre>{@code
 * DecisionThresholds t = DecisionThresholds.standard();   // 5% gain, not worse on the history, no margin, 10 windows, ±1 spread, 1/4
 * new DecisionThresholds(0.05, 0.02, 0.01, 20, 2.0, 0);   // stricter: +2% on the history, net ≥ 1% of staying, ±2 spreads, forecast only
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
 * @param paybackShare  the payback horizon on the history's mix as a share of the history's windows, in [0, 1]
 *                      (0.25: a cluster that has run this mix for 24 hours is trusted with a 6-hour payback;
 *                      0 = judge on the forecast alone)
 */
public record DecisionThresholds(double minGain, double minHistoryGain, double margin, int minHistory, double spreads,
                                 double paybackShare) {

    /** The standard payback horizon: a quarter of the history's windows. */
    public static final double STANDARD_PAYBACK_SHARE = 0.25;

    public DecisionThresholds {
        if (!(minGain >= 0) || !(margin >= 0) || !(spreads >= 0) || Double.isInfinite(minGain)) {
            throw new IllegalArgumentException("minGain, margin and spreads must be finite and non-negative, got "
                    + minGain + ", " + margin + ", " + spreads);
        }
        if (!Double.isFinite(minHistoryGain)) {
            throw new IllegalArgumentException("minHistoryGain must be a finite number, got " + minHistoryGain);
        }
        if (!(paybackShare >= 0 && paybackShare <= 1)) {
            throw new IllegalArgumentException("paybackShare must lie in [0, 1], got " + paybackShare);
        }
        if (minHistory < 1) {
            throw new IllegalArgumentException("minHistory must be at least 1 window, got " + minHistory);
        }
    }

    public static DecisionThresholds standard() {
        return new DecisionThresholds(0.05, 0, 0, 10, 1, STANDARD_PAYBACK_SHARE);
    }

    /** The payback horizon on the history's mix, in windows, for a history of {@code windows}. */
    public int paybackSteps(int windows) {
        return (int) Math.floor(paybackShare * windows);
    }
}
