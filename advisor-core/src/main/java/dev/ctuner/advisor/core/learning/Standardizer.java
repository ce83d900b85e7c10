package dev.ctuner.advisor.core.learning;

/**
 * Column-wise standardisation (z = (v − mean)/sd; constant columns keep sd 1), fitted on training
 * data and applied unchanged at prediction time.
 *
 * <pre>{@code
 * Standardizer s = Standardizer.fit(x);
 * double[] z = s.apply(x[0]);
 * }</pre>
 */
public final class Standardizer {

    private final double[] mean;
    private final double[] sd;

    private Standardizer(double[] mean, double[] sd) {
        this.mean = mean;
        this.sd = sd;
    }

    public static Standardizer fit(double[][] x) {
        int p = x[0].length;
        double[] mean = new double[p];
        double[] sd = new double[p];
        for (double[] row : x) {
            for (int j = 0; j < p; j++) {
                mean[j] += row[j];
            }
        }
        for (int j = 0; j < p; j++) {
            mean[j] /= x.length;
        }
        for (double[] row : x) {
            for (int j = 0; j < p; j++) {
                sd[j] += (row[j] - mean[j]) * (row[j] - mean[j]);
            }
        }
        for (int j = 0; j < p; j++) {
            sd[j] = Math.sqrt(sd[j] / x.length);
            if (sd[j] < 1e-12) {
                sd[j] = 1;
            }
        }
        return new Standardizer(mean, sd);
    }

    /** A standardizer of one column. */
    public static Standardizer fit(double[] y) {
        double[][] column = new double[y.length][1];
        for (int i = 0; i < y.length; i++) {
            column[i][0] = y[i];
        }
        return fit(column);
    }

    public double[] apply(double[] row) {
        double[] z = new double[row.length];
        for (int j = 0; j < row.length; j++) {
            z[j] = (row[j] - mean[j]) / sd[j];
        }
        return z;
    }

    public double[][] apply(double[][] rows) {
        double[][] z = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            z[i] = apply(rows[i]);
        }
        return z;
    }

    /** Standardised value of a single-column standardizer. */
    public double apply(double v) {
        return (v - mean[0]) / sd[0];
    }

    /** Back from the standardised scale of a single-column standardizer. */
    public double invert(double z) {
        return z * sd[0] + mean[0];
    }

    /** Scale factor of a single-column standardizer (for spreads). */
    public double scale() {
        return sd[0];
    }
}
