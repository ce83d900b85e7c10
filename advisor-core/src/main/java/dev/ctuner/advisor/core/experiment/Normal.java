package dev.ctuner.advisor.core.experiment;

/** The standard normal distribution function, for the large-sample approximations of rank tests. */
final class Normal {

    private Normal() {
    }

    /** Φ(z), via the complementary error function (Numerical Recipes' erfc approximation, |error| < 1.2e-7). */
    static double cdf(double z) {
        return 0.5 * erfc(-z / Math.sqrt(2));
    }

    private static double erfc(double x) {
        double t = 1 / (1 + 0.5 * Math.abs(x));
        double y = t * Math.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
                + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? y : 2 - y;
    }
}
