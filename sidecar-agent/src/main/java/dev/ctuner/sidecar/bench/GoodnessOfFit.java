package dev.ctuner.sidecar.bench;

import java.util.Arrays;

/**
 * Pearson's chi-square goodness-of-fit test of observed counts against expected probabilities. The
 * driver's unit tests use it to check its random choices, and the real-node tests reuse it to check
 * what the sidecar observes against what the driver issued.
 *
 * <pre>{@code
 * GoodnessOfFit.Result r = GoodnessOfFit.chiSquare(new long[] {480, 520}, new double[] {0.5, 0.5});
 * boolean consistent = r.pValue() > 0.001;
 * }</pre>
 *
 * <p>The chi-square approximation needs enough expected counts per bin (at least 5 is the usual
 * rule); merge the rare categories into one "rest" bin before calling. Bins with zero expected
 * probability must have zero observations (otherwise the fit is impossible and the p-value is 0).
 */
public final class GoodnessOfFit {

    private static final double PROBABILITY_SUM_TOLERANCE = 1e-9;

    private GoodnessOfFit() {
    }

    /**
     * The outcome of a test.
     *
     * @param statistic        sum over bins of (observed - expected)^2 / expected
     * @param degreesOfFreedom number of bins with positive probability, minus one
     * @param pValue           probability of a statistic at least this large if the counts follow the
     *                         expected probabilities
     * @param minExpectedCount smallest expected count of a bin with positive probability, to judge
     *                         whether the chi-square approximation holds
     */
    public record Result(double statistic, int degreesOfFreedom, double pValue, double minExpectedCount) {

        /** True when the fit is not rejected at significance level {@code alpha}. */
        public boolean consistentAt(double alpha) {
            return pValue > alpha;
        }
    }

    /**
     * {@code probabilities} followed by one "rest" bin holding 1 minus their sum: for comparing the top
     * categories (say the 30 hottest Zipf ranks) while lumping the long tail into one bin.
     */
    public static double[] withRemainder(double[] probabilities) {
        double sum = 0;
        for (double p : probabilities) {
            sum += p;
        }
        if (sum > 1 + PROBABILITY_SUM_TOLERANCE) {
            throw new IllegalArgumentException("probabilities already sum to " + sum + " > 1");
        }
        double[] withRest = Arrays.copyOf(probabilities, probabilities.length + 1);
        withRest[probabilities.length] = Math.max(0, 1 - sum);
        return withRest;
    }

    /**
     * Tests whether {@code observed} counts are consistent with {@code expectedProbabilities}, which
     * must be non-negative and sum to 1 (within 1e-9).
     */
    public static Result chiSquare(long[] observed, double[] expectedProbabilities) {
        if (observed.length != expectedProbabilities.length) {
            throw new IllegalArgumentException("observed has " + observed.length + " bins but expected has "
                    + expectedProbabilities.length);
        }
        double sum = 0;
        for (double p : expectedProbabilities) {
            if (!(p >= 0) || Double.isInfinite(p)) {
                throw new IllegalArgumentException("expected probabilities must be finite and >= 0: "
                        + Arrays.toString(expectedProbabilities));
            }
            sum += p;
        }
        if (Math.abs(sum - 1.0) > PROBABILITY_SUM_TOLERANCE) {
            throw new IllegalArgumentException("expected probabilities must sum to 1, they sum to " + sum);
        }
        long total = 0;
        for (long o : observed) {
            if (o < 0) {
                throw new IllegalArgumentException("observed counts must be >= 0: " + Arrays.toString(observed));
            }
            total += o;
        }
        if (total == 0) {
            throw new IllegalArgumentException("no observations");
        }
        int degreesOfFreedom = -1;
        for (double p : expectedProbabilities) {
            if (p > 0) {
                degreesOfFreedom++;
            }
        }
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("need at least two bins with positive probability");
        }
        double statistic = 0;
        double minExpected = Double.POSITIVE_INFINITY;
        boolean impossibleObservation = false;
        for (int i = 0; i < observed.length; i++) {
            double expected = expectedProbabilities[i] * total;
            if (expectedProbabilities[i] == 0) {
                // An observation where none can occur: no finite statistic expresses how wrong that is.
                impossibleObservation |= observed[i] > 0;
                continue;
            }
            minExpected = Math.min(minExpected, expected);
            double diff = observed[i] - expected;
            statistic += diff * diff / expected;
        }
        if (impossibleObservation) {
            return new Result(Double.POSITIVE_INFINITY, degreesOfFreedom, 0.0, minExpected);
        }
        return new Result(statistic, degreesOfFreedom,
                ChiSquareDistribution.survival(statistic, degreesOfFreedom), minExpected);
    }
}
