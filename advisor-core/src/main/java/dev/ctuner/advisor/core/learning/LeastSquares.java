package dev.ctuner.advisor.core.learning;

/**
 * Ordinary least squares by the normal equations with a tiny ridge (so that aliased dummy
 * columns do not make the system singular). Small problems only: a few dozen columns.
 */
public final class LeastSquares {

    private static final double RIDGE = 1e-9;

    private LeastSquares() {
    }

    /** Residual sum of squares of the least-squares fit of {@code y} on the columns of {@code x}. */
    static double residualSumOfSquares(double[][] x, double[] y) {
        int p = x[0].length;
        double[][] a = new double[p][p + 1];
        for (int r = 0; r < x.length; r++) {
            for (int i = 0; i < p; i++) {
                for (int j = 0; j < p; j++) {
                    a[i][j] += x[r][i] * x[r][j];
                }
                a[i][p] += x[r][i] * y[r];
            }
        }
        for (int i = 0; i < p; i++) {
            a[i][i] += RIDGE * Math.max(1, a[i][i]);
        }
        double[] beta = solve(a);
        double rss = 0;
        for (int r = 0; r < x.length; r++) {
            double fit = 0;
            for (int i = 0; i < p; i++) {
                fit += x[r][i] * beta[i];
            }
            rss += (y[r] - fit) * (y[r] - fit);
        }
        return rss;
    }

    /**
     * Solves the square system held in the augmented matrix {@code a} (p rows, p + 1 columns, the last
     * the right-hand side) by Gaussian elimination with partial pivoting; a singular direction gets 0.
     * Overwrites {@code a}.
     */
    public static double[] solve(double[][] a) {
        int p = a.length;
        for (int col = 0; col < p; col++) {
            int pivot = col;
            for (int r = col + 1; r < p; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            double[] t = a[col];
            a[col] = a[pivot];
            a[pivot] = t;
            if (Math.abs(a[col][col]) < 1e-300) {
                continue;
            }
            for (int r = col + 1; r < p; r++) {
                double factor = a[r][col] / a[col][col];
                for (int c = col; c <= p; c++) {
                    a[r][c] -= factor * a[col][c];
                }
            }
        }
        double[] beta = new double[p];
        for (int i = p - 1; i >= 0; i--) {
            double s = a[i][p];
            for (int j = i + 1; j < p; j++) {
                s -= a[i][j] * beta[j];
            }
            beta[i] = Math.abs(a[i][i]) < 1e-300 ? 0 : s / a[i][i];
        }
        return beta;
    }
}
