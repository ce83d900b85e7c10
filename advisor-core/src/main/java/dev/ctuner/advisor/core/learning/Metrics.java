package dev.ctuner.advisor.core.learning;

/**
 * Prediction quality in the form of RAFIKI Table 2: mean absolute percentage error, R² and RMSE
 * (in the target's unit), plus the median absolute percentage error, which a few points with a
 * small measured value (a configuration that collapses) cannot dominate as they do the mean.
 *
 * <pre>{@code
 * Metrics m = Metrics.of(new double[] {100, 200}, new double[] {110, 190});
 * m.mape();         // 7.5 (%)
 * m.medianApe();    // 7.5 (%)
 * }</pre>
 */
public record Metrics(double mape, double medianApe, double r2, double rmse, int n) {

    public static Metrics of(double[] actual, double[] predicted) {
        if (actual.length != predicted.length || actual.length == 0) {
            throw new IllegalArgumentException("need equally many actual and predicted values, at least one");
        }
        int n = actual.length;
        double mean = 0;
        for (double a : actual) {
            mean += a;
        }
        mean /= n;
        double[] ape = new double[n];
        double apeSum = 0;
        double sse = 0;
        double sst = 0;
        for (int i = 0; i < n; i++) {
            double e = predicted[i] - actual[i];
            ape[i] = absolutePercentError(actual[i], predicted[i]);
            apeSum += ape[i];
            sse += e * e;
            sst += (actual[i] - mean) * (actual[i] - mean);
        }
        double r2 = sst == 0 ? (sse == 0 ? 1 : 0) : 1 - sse / sst;
        java.util.Arrays.sort(ape);
        double median = n % 2 == 1 ? ape[n / 2] : (ape[n / 2 - 1] + ape[n / 2]) / 2;
        return new Metrics(apeSum / n, median, r2, Math.sqrt(sse / n), n);
    }

    /** |predicted − actual| / |actual| in percent (an actual of 0 counts as 1e-12). */
    public static double absolutePercentError(double actual, double predicted) {
        return 100 * Math.abs(predicted - actual) / Math.max(Math.abs(actual), 1e-12);
    }

    /** The component-wise mean of several evaluations (RAFIKI averages 10 randomised trials). */
    public static Metrics mean(java.util.List<Metrics> all) {
        double mape = 0;
        double medianApe = 0;
        double r2 = 0;
        double rmse = 0;
        int n = 0;
        for (Metrics m : all) {
            mape += m.mape;
            medianApe += m.medianApe;
            r2 += m.r2;
            rmse += m.rmse;
            n += m.n;
        }
        int k = all.size();
        return new Metrics(mape / k, medianApe / k, r2 / k, rmse / k, n);
    }

    /**
     * The mean absolute error of normally distributed errors with this SD: {@code sd · √(2/π)}, in
     * the SD's unit. What a perfect model would score against values that carry such noise.
     */
    public static double meanAbsOfNormal(double sd) {
        return sd * Math.sqrt(2 / Math.PI);
    }
}
