package dev.ctuner.advisor.core.learning;

/**
 * Prediction quality in the form of RAFIKI Table 2: mean absolute percentage error, R² and RMSE
 * (in the target's unit).
 *
 * <pre>{@code
 * Metrics m = Metrics.of(new double[] {100, 200}, new double[] {110, 190});
 * m.mape();   // 7.5 (%)
 * }</pre>
 */
public record Metrics(double mape, double r2, double rmse, int n) {

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
        double ape = 0;
        double sse = 0;
        double sst = 0;
        for (int i = 0; i < n; i++) {
            double e = predicted[i] - actual[i];
            ape += Math.abs(e) / Math.max(Math.abs(actual[i]), 1e-12);
            sse += e * e;
            sst += (actual[i] - mean) * (actual[i] - mean);
        }
        double r2 = sst == 0 ? (sse == 0 ? 1 : 0) : 1 - sse / sst;
        return new Metrics(100 * ape / n, r2, Math.sqrt(sse / n), n);
    }

    /** The component-wise mean of several evaluations (RAFIKI averages 10 randomised trials). */
    public static Metrics mean(java.util.List<Metrics> all) {
        double mape = 0;
        double r2 = 0;
        double rmse = 0;
        int n = 0;
        for (Metrics m : all) {
            mape += m.mape;
            r2 += m.r2;
            rmse += m.rmse;
            n += m.n;
        }
        int k = all.size();
        return new Metrics(mape / k, r2 / k, rmse / k, n);
    }
}
