package dev.ctuner.advisor.core.forecast;

import java.util.Arrays;

/**
 * A one-dimensional ARIMA(p, d, 0) model: x differenced d times follows
 * y_t = c + φ_1·y_{t−1} + ... + φ_p·y_{t−p} + e_t, fitted by ordinary least squares. Written here
 * rather than with Smile's {@code smile.timeseries.AR}/{@code ARMA} because in Smile 2.6 both solve
 * through {@code smile.math.matrix.Matrix}, which needs native OpenBLAS at run time (the same reason
 * the MLP surrogate is plain Java). No MA terms: the forecasts here are of short, noisy mixes.
 *
 * <pre>{@code
 * ArModel m = ArModel.fit(series, 1, 0);   // AR(1)
 * m.coefficients();                        // [φ_1], close to the true 0.6 for a long series
 * m.forecast(series, 5);                   // the next five values
 * }</pre>
 */
public final class ArModel {

    private static final double RIDGE = 1e-9;

    private final int p;
    private final int d;
    private final double intercept;
    private final double[] phi;

    private ArModel(int p, int d, double intercept, double[] phi) {
        this.p = p;
        this.d = d;
        this.intercept = intercept;
        this.phi = phi;
    }

    /** Least-squares fit; needs more than p + d + 1 points. */
    public static ArModel fit(double[] x, int p, int d) {
        if (p < 0 || d < 0 || d > 2) {
            throw new IllegalArgumentException("need p ≥ 0 and d in 0..2, got p=" + p + ", d=" + d);
        }
        double[] y = difference(x, d);
        int rows = y.length - p;
        if (rows < p + 2) {
            throw new IllegalArgumentException("AR(" + p + ") with d=" + d + " needs at least " + (2 * p + d + 2)
                    + " points, got " + x.length);
        }
        int cols = p + 1;
        double[][] a = new double[cols][cols + 1];
        double[] row = new double[cols];
        for (int t = p; t < y.length; t++) {
            row[0] = 1;
            for (int i = 1; i <= p; i++) {
                row[i] = y[t - i];
            }
            for (int i = 0; i < cols; i++) {
                for (int j = 0; j < cols; j++) {
                    a[i][j] += row[i] * row[j];
                }
                a[i][cols] += row[i] * y[t];
            }
        }
        for (int i = 0; i < cols; i++) {
            a[i][i] += RIDGE * Math.max(1, a[i][i]);
        }
        double[] beta = dev.ctuner.advisor.core.learning.LeastSquares.solve(a);
        return new ArModel(p, d, beta[0], Arrays.copyOfRange(beta, 1, cols));
    }

    public double[] coefficients() {
        return phi.clone();
    }

    public double intercept() {
        return intercept;
    }

    /** Forecasts the {@code steps} values after {@code history} (which needs at least p + d values). */
    public double[] forecast(double[] history, int steps) {
        if (history.length < p + d) {
            throw new IllegalArgumentException("forecast needs at least " + (p + d) + " past values, got " + history.length);
        }
        double[] y = difference(history, d);
        double[] extended = Arrays.copyOf(y, y.length + steps);
        for (int t = y.length; t < extended.length; t++) {
            double v = intercept;
            for (int i = 1; i <= p; i++) {
                v += phi[i - 1] * (t - i >= 0 ? extended[t - i] : 0);
            }
            extended[t] = v;
        }
        double[] out = Arrays.copyOfRange(extended, y.length, extended.length);
        return integrate(history, out, d);
    }

    static double[] difference(double[] x, int d) {
        double[] y = x;
        for (int k = 0; k < d; k++) {
            double[] z = new double[Math.max(0, y.length - 1)];
            for (int i = 0; i < z.length; i++) {
                z[i] = y[i + 1] - y[i];
            }
            y = z;
        }
        return y;
    }

    /** Undoes d differences: the forecast differences are added onto the history's last values. */
    private static double[] integrate(double[] history, double[] forecastDifferences, int d) {
        double[] out = forecastDifferences;
        for (int level = d - 1; level >= 0; level--) {
            double[] base = difference(history, level);
            double last = base[base.length - 1];
            double[] next = new double[out.length];
            for (int i = 0; i < out.length; i++) {
                last += out[i];
                next[i] = last;
            }
            out = next;
        }
        return out;
    }
}
