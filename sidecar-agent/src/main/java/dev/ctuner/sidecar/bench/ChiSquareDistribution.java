package dev.ctuner.sidecar.bench;

/**
 * The chi-square distribution's tail, computed here so that the driver's statistical checks need no
 * statistics library.
 *
 * <p>The survival function of a chi-square variable with {@code k} degrees of freedom is the
 * regularized upper incomplete gamma function {@code Q(k/2, x/2)}. We evaluate it with the power
 * series of the lower function when {@code x < a + 1} and with a continued fraction (modified Lentz)
 * otherwise: each converges fast on its side, which keeps both tails accurate.
 *
 * <pre>{@code
 * double p = ChiSquareDistribution.survival(3.841458820694124, 1); // 0.05
 * }</pre>
 */
public final class ChiSquareDistribution {

    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;
    private static final int MAX_ITERATIONS = 100_000;

    private ChiSquareDistribution() {
    }

    /**
     * {@code P(X >= x)} for a chi-square variable {@code X} with {@code degreesOfFreedom} degrees of
     * freedom: the p-value of an observed statistic {@code x}.
     */
    public static double survival(double x, int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1, got " + degreesOfFreedom);
        }
        if (Double.isNaN(x) || x < 0) {
            throw new IllegalArgumentException("a chi-square statistic is a non-negative number, got " + x);
        }
        if (x == 0) {
            return 1.0;
        }
        if (Double.isInfinite(x)) {
            return 0.0;
        }
        return upperRegularizedGamma(degreesOfFreedom, x / 2);
    }

    /** {@code P(X < x)}, the complement of {@link #survival}. */
    public static double cdf(double x, int degreesOfFreedom) {
        return 1.0 - survival(x, degreesOfFreedom);
    }

    /** {@code Q(a, x)} with {@code a = twiceA / 2}; a is always a half-integer for chi-square. */
    private static double upperRegularizedGamma(int twiceA, double x) {
        double a = twiceA / 2.0;
        // log of x^a e^-x / Gamma(a), the common prefactor of series and continued fraction.
        double logPrefactor = a * Math.log(x) - x - logGammaOfHalfInteger(twiceA);
        if (x < a + 1) {
            return Math.max(0.0, 1.0 - lowerSeries(a, x) * Math.exp(logPrefactor));
        }
        return upperContinuedFraction(a, x) * Math.exp(logPrefactor);
    }

    /** Sum of x^n / (a (a+1) ... (a+n)); times the prefactor it is P(a, x). */
    private static double lowerSeries(double a, double x) {
        double term = 1.0 / a;
        double sum = term;
        for (int n = 1; n < MAX_ITERATIONS; n++) {
            term *= x / (a + n);
            sum += term;
            if (Math.abs(term) < Math.abs(sum) * EPSILON) {
                return sum;
            }
        }
        throw new ArithmeticException("incomplete gamma series did not converge for a=" + a + ", x=" + x);
    }

    /** Continued fraction for Q(a, x) divided by the prefactor, by the modified Lentz method. */
    private static double upperContinuedFraction(double a, double x) {
        double b = x + 1 - a;
        double c = 1.0 / TINY;
        double d = 1.0 / b;
        double h = d;
        for (int i = 1; i < MAX_ITERATIONS; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            if (Math.abs(d) < TINY) {
                d = TINY;
            }
            c = b + an / c;
            if (Math.abs(c) < TINY) {
                c = TINY;
            }
            d = 1.0 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1.0) < EPSILON) {
                return h;
            }
        }
        throw new ArithmeticException("incomplete gamma fraction did not converge for a=" + a + ", x=" + x);
    }

    /**
     * {@code ln Gamma(twiceA / 2)}, exact up to rounding: from Gamma(1) = 1 or Gamma(1/2) = sqrt(pi)
     * by Gamma(a + 1) = a Gamma(a). Chi-square only needs half-integers, so no approximation
     * formula (and no table of magic coefficients) is needed.
     */
    static double logGammaOfHalfInteger(int twiceA) {
        if (twiceA < 1) {
            throw new IllegalArgumentException("Gamma(a) needs a > 0, got a = " + twiceA + "/2");
        }
        double a = (twiceA % 2 == 0) ? 1.0 : 0.5;
        double result = (twiceA % 2 == 0) ? 0.0 : 0.5 * Math.log(Math.PI);
        while (a < twiceA / 2.0) {
            result += Math.log(a);
            a += 1.0;
        }
        return result;
    }
}
