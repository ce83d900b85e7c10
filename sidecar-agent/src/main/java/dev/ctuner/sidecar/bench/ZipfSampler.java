package dev.ctuner.sidecar.bench;

import java.util.random.RandomGenerator;

/**
 * Exact sampling of Zipf ranks: rank {@code r} in {@code [0, n)} has probability proportional to
 * {@code 1 / (r + 1)^s}.
 *
 * <p>We use rejection-inversion (Hörmann and Derflinger, 1996) rather than YCSB's approximation
 * (Gray et al., 1994): it is exact for every rank, so the rank frequencies can be tested against the
 * Zipf pmf, and its set-up is O(1), so a LATEST chooser can rebuild it after every insert. The idea:
 * the area under {@code h(x) = x^-s} from 0.5 to n + 0.5 is split into one interval per integer k
 * around k; because h is convex, each interval holds at least h(k), so drawing a point uniformly in
 * that area by inversion and accepting it when it falls in the top h(k) of its interval gives k with
 * probability exactly proportional to h(k). Few draws are rejected.
 *
 * <pre>{@code
 * ZipfSampler zipf = new ZipfSampler(1000, 0.99);
 * long rank = zipf.sample(new SplittableRandom(1)); // 0 is the most likely
 * }</pre>
 */
public final class ZipfSampler {

    private final long n;
    private final double exponent;
    private final double areaLow;
    private final double areaHigh;

    /**
     * @param n        number of ranks, at least 1
     * @param exponent the Zipf constant s, greater than 0 (YCSB uses 0.99)
     */
    public ZipfSampler(long n, double exponent) {
        if (n < 1) {
            throw new IllegalArgumentException("a Zipf distribution needs at least one item, got " + n);
        }
        if (!(exponent > 0) || Double.isInfinite(exponent)) {
            throw new IllegalArgumentException("the Zipf constant must be a finite number > 0, got " + exponent);
        }
        this.n = n;
        this.exponent = exponent;
        // Rank 1's interval is [H(1.5) - h(1), H(1.5)], so that it holds exactly h(1) = 1 and never rejects.
        this.areaLow = integral(1.5) - 1.0;
        this.areaHigh = integral(n + 0.5);
    }

    public long size() {
        return n;
    }

    public double exponent() {
        return exponent;
    }

    /** A rank in [0, n), 0 the most frequent. */
    public long sample(RandomGenerator rng) {
        while (true) {
            double u = areaHigh + rng.nextDouble() * (areaLow - areaHigh);
            double x = inverseIntegral(u);
            long k = Math.max(1, Math.min(n, (long) (x + 0.5)));
            if (u >= integral(k + 0.5) - density(k)) {
                return k - 1;
            }
        }
    }

    /**
     * The exact probabilities of ranks 0 .. {@code count - 1} among {@code n} ranks. Costs O(n) for the
     * normalising sum; meant for tests, which compare observed rank frequencies with these.
     */
    public static double[] topRankProbabilities(long n, double exponent, int count) {
        if (count > n) {
            throw new IllegalArgumentException("asked for " + count + " ranks of " + n);
        }
        double normaliser = 0;
        for (long i = n; i >= 1; i--) { // smallest terms first, for accuracy
            normaliser += Math.pow(i, -exponent);
        }
        double[] p = new double[count];
        for (int r = 0; r < count; r++) {
            p[r] = Math.pow(r + 1, -exponent) / normaliser;
        }
        return p;
    }

    /** h(x) = x^-s. */
    private double density(double x) {
        return Math.exp(-exponent * Math.log(x));
    }

    /** H(x) = (x^(1-s) - 1) / (1 - s), the integral of h from 1 to x; ln x when s = 1. */
    private double integral(double x) {
        double logX = Math.log(x);
        return expm1Ratio((1.0 - exponent) * logX) * logX;
    }

    /** The inverse of {@link #integral}. */
    private double inverseIntegral(double u) {
        double t = u * (1.0 - exponent);
        return Math.exp(log1pRatio(t) * u);
    }

    /** (e^t - 1) / t, continuous at t = 0 (where s = 1 or x = 1). */
    private static double expm1Ratio(double t) {
        return Math.abs(t) > 1e-8 ? Math.expm1(t) / t : 1.0 + t / 2.0 * (1.0 + t / 3.0);
    }

    /** ln(1 + t) / t, continuous at t = 0. */
    private static double log1pRatio(double t) {
        return Math.abs(t) > 1e-8 ? Math.log1p(t) / t : 1.0 - t * (0.5 - t / 3.0);
    }
}
