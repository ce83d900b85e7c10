package dev.ctuner.common.workload;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/** Test-only Zipf(s) key generator over keys 0..n-1 (key 0 most popular), by inverting the cumulative weights. */
final class ZipfKeys {

    private final double[] cumulative;

    ZipfKeys(int keys, double exponent) {
        cumulative = new double[keys];
        double sum = 0;
        for (int k = 0; k < keys; k++) {
            sum += Math.pow(k + 1, -exponent);
            cumulative[k] = sum;
        }
        for (int k = 0; k < keys; k++) {
            cumulative[k] /= sum;
        }
    }

    long next(RandomGenerator random) {
        int i = Arrays.binarySearch(cumulative, random.nextDouble());
        return i >= 0 ? i : Math.min(-i - 1, cumulative.length - 1);
    }
}
