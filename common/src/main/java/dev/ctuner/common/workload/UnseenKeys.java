package dev.ctuner.common.workload;

/**
 * How many keys absent from a sample of {@code n} operations the next {@code m} operations are expected to
 * bring, {@code U(m)}: the extrapolation of the distinct-keys curve beyond the sample.
 *
 * <p>Every shape starts at the Good–Turing rate {@code U'(0) = f1/n} (the probability that the next
 * operation hits an unseen key) and bends according to how popular the rare keys look:
 * <ul>
 *   <li>{@link Gamma}: the rare keys' access rates follow a Gamma distribution (a negative-binomial count
 *       profile, in Engen's extension that allows a negative shape for heavy, Zipf-like tails), fitted to
 *       {@code f1, f2, f3} by moments: {@code ρ = 3f3/f2 - 2f2/f1}, {@code α = 2f2/(f1 ρ) - 1}. Then
 *       {@code U(m) = (f1/ρ) · (1 - (1 + ρm/n)^-α) / α}. α is kept at or above -1 so that new keys never
 *       arrive faster than at the start.</li>
 *   <li>{@link Even}: when the profile shows no spread in the rare keys' popularity ({@code ρ <= 0}, the
 *       limit α → ∞ of the Gamma shape), the Good–Turing mass is shared evenly by Chao1's
 *       {@code f1²/(2 f2)} unseen keys ({@code f1(f1-1)/2} when {@code f2 = 0}):
 *       {@code U(m) = f0 (1 - e^(-m f1/(n f0)))}, Chao et al.'s (2014) extrapolation.</li>
 *   <li>{@link None}: no key was seen once, so there is no evidence of unseen keys.</li>
 * </ul>
 */
sealed interface UnseenKeys {

    /** Beyond this the Gamma shape is indistinguishable from the even one, and its formulas lose precision. */
    double MAX_GAMMA_SHAPE = 1e4;

    /** Expected new keys in the next {@code m} operations. */
    double after(double m);

    /** {@code ∫_0^m U(x) dx}. */
    double integral(double m);

    static UnseenKeys fit(double f1, double f2, double f3, double n) {
        if (f1 <= 0) {
            return new None();
        }
        if (f2 > 0) {
            double rho = 3 * f3 / f2 - 2 * f2 / f1;
            if (rho > 0) {
                rho = Math.min(rho, 1);
                double alpha = Math.max(-1, 2 * f2 / (f1 * rho) - 1);
                if (alpha < MAX_GAMMA_SHAPE) {
                    return new Gamma(f1, n, rho, alpha);
                }
            }
        }
        double unseen = f2 > 0 ? f1 * f1 / (2 * f2) : f1 * (f1 - 1) / 2;
        return unseen > 0 ? new Even(unseen, f1 / (n * unseen)) : new None();
    }

    record None() implements UnseenKeys {
        @Override
        public double after(double m) {
            return 0;
        }

        @Override
        public double integral(double m) {
            return 0;
        }
    }

    /** {@code keys} unseen keys, each hit by an operation with probability {@code rate}. */
    record Even(double keys, double rate) implements UnseenKeys {
        @Override
        public double after(double m) {
            return -keys * Math.expm1(-rate * m);
        }

        @Override
        public double integral(double m) {
            double x = rate * m;
            // x - (1 - e^-x) loses all its digits for small x, where the series is exact enough.
            double gap = x < 1e-4 ? x * x / 2 * (1 - x / 3 + x * x / 12) : x + Math.expm1(-x);
            return keys / rate * gap;
        }
    }

    record Gamma(double f1, double n, double rho, double alpha) implements UnseenKeys {
        @Override
        public double after(double m) {
            return f1 / rho * h(rho * m / n);
        }

        @Override
        public double integral(double m) {
            double x = rho * m / n;
            double log = Math.log1p(x);
            double area = Math.abs(alpha) < 1e-6 ? (1 + x) * log - x : (x - powGap(1 - alpha, log)) / alpha;
            return f1 * n / (rho * rho) * area;
        }

        /** {@code (1 - (1+x)^-α) / α}, which tends to {@code log(1+x)} as α → 0. */
        private double h(double x) {
            double log = Math.log1p(x);
            return Math.abs(alpha) < 1e-6 ? log : -Math.expm1(-alpha * log) / alpha;
        }

        /** {@code ((1+x)^b - 1) / b} given {@code log(1+x)}, tending to {@code log(1+x)} as b → 0. */
        private static double powGap(double b, double log) {
            return b == 0 ? log : Math.expm1(b * log) / b;
        }
    }
}
