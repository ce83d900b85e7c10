package dev.ctuner.advisor.core.vetting;

/**
 * A predicted relative gain of the objective (0.08 = 8 % better) with its uncertainty interval, as
 * the surrogate models predict it.
 *
 * <pre>{@code
 * new GainEstimate(0.08, 0.03, 0.13);  // +8 %, somewhere between +3 % and +13 %
 * }</pre>
 */
public record GainEstimate(double expected, double lower, double upper) {

    public GainEstimate {
        if (!Double.isFinite(expected) || !Double.isFinite(lower) || !Double.isFinite(upper)) {
            throw new IllegalArgumentException("gain estimate must be finite, was " + lower + " ≤ " + expected + " ≤ " + upper);
        }
        if (lower > expected || expected > upper) {
            throw new IllegalArgumentException("gain estimate needs lower ≤ expected ≤ upper, was "
                    + lower + ", " + expected + ", " + upper);
        }
    }

    public double width() {
        return upper - lower;
    }
}
