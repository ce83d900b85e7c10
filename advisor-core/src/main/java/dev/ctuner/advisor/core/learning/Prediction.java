package dev.ctuner.advisor.core.learning;

/**
 * A surrogate's prediction: the ensemble mean and its spread (standard deviation over the trees
 * or members), the uncertainty that comes with every prediction (ARCHITECTURE §6).
 *
 * <pre>{@code
 * Prediction p = surrogate.predict(x);
 * p.relativeSpread();   // 0.04: members disagree by about 4%
 * }</pre>
 */
public record Prediction(double mean, double spread) {

    public Prediction {
        if (Double.isNaN(mean) || Double.isNaN(spread) || spread < 0) {
            throw new IllegalArgumentException("prediction needs a number mean and a non-negative spread, got "
                    + mean + " ± " + spread);
        }
    }

    /** Spread over |mean| (infinite when the mean is 0 and the spread is not). */
    public double relativeSpread() {
        if (spread == 0) {
            return 0;
        }
        return mean == 0 ? Double.POSITIVE_INFINITY : spread / Math.abs(mean);
    }

    /** Mean and spread of member predictions (population standard deviation). */
    public static Prediction ofMembers(double[] members) {
        double mean = 0;
        for (double m : members) {
            mean += m;
        }
        mean /= members.length;
        double var = 0;
        for (double m : members) {
            var += (m - mean) * (m - mean);
        }
        return new Prediction(mean, Math.sqrt(var / members.length));
    }
}
