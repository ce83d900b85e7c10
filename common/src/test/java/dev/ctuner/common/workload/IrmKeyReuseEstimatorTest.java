package dev.ctuner.common.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IrmKeyReuseEstimatorTest {

    private final IrmKeyReuseEstimator estimator = new IrmKeyReuseEstimator();

    @Test
    void anEmptySampleSaysNothing() {
        assertThat(estimator.estimate(Map.of(), 60_000)).isEqualTo(KeyReuseStats.NONE);
        assertThat(estimator.estimate(Map.of("a", 0L), 60_000)).isEqualTo(KeyReuseStats.NONE);
    }

    @Test
    void aSingleKeyIsReaccessedByEveryLaterOperation() {
        KeyReuseStats s = estimator.estimate(Map.of("a", 5L), 100);
        assertThat(s.reuseCount()).isEqualTo(99);
        assertThat(s.mean()).isCloseTo(1.0, within(1e-9));
        assertThat(s.median()).isEqualTo(1.0);
        assertThat(s.histogram()).containsExactly(new LogBucket(2, 99));
        assertThat(s.exponentialFit().rate()).isCloseTo(1.0, within(1e-9));
        assertThat(s.exponentialFit().rSquared()).isNull();
        assertThat(s.popularitySkew()).isNull();
    }

    @Test
    void windowsTooShortForAReaccessHaveNone() {
        KeyReuseStats s = estimator.estimate(Map.of("a", 5L, "b", 3L, "c", 2L), 1);
        assertThat(s.reuseCount()).isZero();
        assertThat(s.mean()).isNull();
        assertThat(s.histogram()).isEmpty();
        assertThat(s.popularitySkew()).isNotNull();   // popularity is still known from the sample
        assertThat(estimator.estimate(Map.of("a", 5L), 0).hasReuse()).isFalse();
    }

    @Test
    void aWindowShorterThanTheSampleUsesTheSampleAsThePopulation() {
        // 50 equally popular keys: in 100 operations, 100 - 50 (1 - (49/50)^100) ≈ 56.6 re-accesses are expected.
        Map<Long, Long> counts = new HashMap<>();
        for (long k = 0; k < 50; k++) {
            counts.put(k, 200L);
        }
        KeyReuseStats s = estimator.estimate(counts, 100);
        assertThat(s.reuseCount()).isEqualTo(57);
        assertThat(s.mean()).isBetween(1.0, 99.0);
        assertThat(s.median()).isBetween(1.0, 99.0);
        assertThat(s.histogram()).hasSizeLessThanOrEqualTo(7);   // distances below 100 end in bucket [64, 128)
    }

    @Test
    void wholeWindowCountsReproduceTheExactReuseCount() {
        // Rarefaction is exact at the sample size: a window of the sample's own length re-accesses n - d times.
        long[] window = new SplittableRandom(5).longs(20_000, 0, 3_000).toArray();
        KeyReuseStats exact = ExactKeyReuse.of(window);
        KeyReuseStats estimated = estimator.estimate(IrmKeyReuseAccuracyTest.counts(window), window.length);
        assertThat(estimated.reuseCount()).isEqualTo(exact.reuseCount());
        assertThat(estimated.mean()).isCloseTo(exact.mean(), within(exact.mean() * 0.02));
        assertThat(estimated.median()).isCloseTo(exact.median(), within(exact.median() * 0.05));
        assertThat(estimated.popularitySkew()).isEqualTo(exact.popularitySkew());
    }

    @Test
    void allDistinctKeysPredictNoReuseWithinTheSampleLengthButSomeBeyondIt() {
        Map<Integer, Long> counts = new HashMap<>();
        for (int k = 0; k < 100; k++) {
            counts.put(k, 1L);
        }
        assertThat(estimator.estimate(counts, 100).hasReuse()).isFalse();
        // Chao1 then guesses 4,950 more keys, so a long window must re-access some.
        KeyReuseStats longer = estimator.estimate(counts, 10_000);
        assertThat(longer.reuseCount()).isBetween(1L, 10_000L - 100);
        assertThat(longer.mean()).isBetween(1.0, 10_000.0);
    }

    @Test
    void hugeWindowsStayFiniteAndConsistent() {
        Map<String, Long> counts = Map.of("a", 900L, "b", 40L, "c", 3L, "d", 3L, "e", 2L, "f", 1L, "g", 1L, "h", 1L);
        KeyReuseStats s = estimator.estimate(counts, 1_000_000_000L);
        assertThat(s.reuseCount()).isBetween(1L, 1_000_000_000L);
        assertThat(s.mean()).isBetween(1.0, 1e9);
        assertThat(s.median()).isBetween(1.0, s.histogram().get(s.histogram().size() - 1).upperBoundExclusive() * 1.0);
        long histogramTotal = s.histogram().stream().mapToLong(LogBucket::count).sum();
        assertThat((double) histogramTotal).isCloseTo(s.reuseCount(), within(s.histogram().size() + 1.0));
    }

    @Test
    void moreKeysMeanLongerDistances() {
        long[] few = new SplittableRandom(1).longs(30_000, 0, 500).toArray();
        long[] many = new SplittableRandom(2).longs(30_000, 0, 50_000).toArray();
        double fewMean = estimator.estimate(IrmKeyReuseAccuracyTest.counts(few), 100_000).mean();
        double manyMean = estimator.estimate(IrmKeyReuseAccuracyTest.counts(many), 100_000).mean();
        assertThat(fewMean).isCloseTo(500, within(25.0));
        assertThat(manyMean).isGreaterThan(10 * fewMean);
    }

    @Test
    void refusesMeaninglessInput() {
        assertThatThrownBy(() -> estimator.estimate(Map.of("a", -1L), 10)).hasMessageContaining("count of key a");
        Map<String, Long> withNull = new HashMap<>();
        withNull.put("a", null);
        assertThatThrownBy(() -> estimator.estimate(withNull, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> estimator.estimate(Map.of("a", 1L), -1)).hasMessageContaining("windowOperations");
    }

    @Test
    void tenThousandSampledKeysTakeAboutAMillisecond() {
        SplittableRandom random = new SplittableRandom(9);
        ZipfKeys zipf = new ZipfKeys(1_000_000, 0.99);
        Map<Long, Long> counts = new HashMap<>();
        while (counts.size() < 10_000) {
            counts.merge(zipf.next(random), 1L, Long::sum);
        }
        for (int i = 0; i < 100; i++) {
            estimator.estimate(counts, 60_000);   // warm up the JIT
        }
        int runs = 200;
        long start = System.nanoTime();
        for (int i = 0; i < runs; i++) {
            assertThat(estimator.estimate(counts, 60_000).hasReuse()).isTrue();
        }
        double millis = (System.nanoTime() - start) / 1e6 / runs;
        System.out.printf("%nestimate() with %d distinct sampled keys: %.2f ms%n", counts.size(), millis);
        // Deliberately loose: a guard against accidental O(keys x window) work, not a benchmark.
        assertThat(millis).isLessThan(100);
    }

    @Test
    void estimatesDoNotDependOnKeyType() {
        Map<String, Long> named = Map.of("x", 7L, "y", 2L, "z", 1L);
        Map<Integer, Long> numbered = Map.of(1, 7L, 2, 2L, 3, 1L);
        assertThat(estimator.estimate(named, 5_000)).isEqualTo(estimator.estimate(numbered, 5_000));
    }
}
