package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyChooserTest {

    private static final int SAMPLES = 200_000;

    @Test
    void uniformMatchesUniformOverBins() {
        long records = 10_000;
        KeyChooser chooser = KeyDistribution.uniform().newChooser(records, 1);
        SplittableRandom rng = new SplittableRandom(11);
        int bins = 50;
        long[] observed = new long[bins];
        for (int i = 0; i < SAMPLES; i++) {
            long key = chooser.next(rng);
            assertThat(key).isBetween(0L, records - 1);
            observed[(int) (key * bins / records)]++;
        }
        double[] expected = new double[bins];
        Arrays.fill(expected, 1.0 / bins);
        assertThat(GoodnessOfFit.chiSquare(observed, expected).pValue()).isGreaterThan(0.001);
    }

    @Test
    void zipfianRankFrequenciesMatchTheZipfPmf() {
        long records = 1000;
        int top = 30;
        long[] observed = zipfRankCounts(KeyDistribution.zipfian().newChooser(records, 1), records, top, r -> r);
        double[] expected = GoodnessOfFit.withRemainder(ZipfSampler.topRankProbabilities(records, 0.99, top));
        assertThat(GoodnessOfFit.chiSquare(observed, expected).pValue()).isGreaterThan(0.001);

        // Power: a slightly different constant is rejected by the same counts.
        double[] other = GoodnessOfFit.withRemainder(ZipfSampler.topRankProbabilities(records, 0.95, top));
        assertThat(GoodnessOfFit.chiSquare(observed, other).pValue()).isLessThan(1e-6);
    }

    @Test
    void zipfianWithAnotherConstantAndAnExponentOfOne() {
        for (double constant : new double[] {0.5, 1.0, 1.5}) {
            long records = 500;
            int top = 20;
            KeyChooser chooser = new KeyDistribution.Zipfian(constant, false).newChooser(records, 1);
            long[] observed = zipfRankCounts(chooser, records, top, r -> r);
            double[] expected = GoodnessOfFit.withRemainder(ZipfSampler.topRankProbabilities(records, constant, top));
            assertThat(GoodnessOfFit.chiSquare(observed, expected).pValue()).as("constant %s", constant)
                    .isGreaterThan(0.001);
        }
    }

    @Test
    void scrambledZipfianKeepsRankFrequenciesOnScatteredRecords() {
        long records = 1000;
        int top = 30;
        long seed = 99;
        KeyPermutation permutation = new KeyPermutation(records, seed);
        long[] rankOfRecord = new long[(int) records];
        for (long r = 0; r < records; r++) {
            rankOfRecord[(int) permutation.apply(r)] = r;
        }
        KeyChooser chooser = KeyDistribution.scrambledZipfian().newChooser(records, seed);
        long[] observed = zipfRankCounts(chooser, records, top, key -> rankOfRecord[(int) key]);
        double[] expected = GoodnessOfFit.withRemainder(ZipfSampler.topRankProbabilities(records, 0.99, top));
        assertThat(GoodnessOfFit.chiSquare(observed, expected).pValue()).isGreaterThan(0.001);
        // Scattered: the hottest records are not the first ones.
        assertThat(permutation.apply(0)).isNotZero();
    }

    @Test
    void keyPermutationIsABijection() {
        for (long n : new long[] {1, 2, 3, 7, 64, 1000, 4097}) {
            KeyPermutation p = new KeyPermutation(n, 5);
            boolean[] seen = new boolean[(int) n];
            for (long x = 0; x < n; x++) {
                long y = p.apply(x);
                assertThat(y).isBetween(0L, n - 1);
                assertThat(seen[(int) y]).as("n=%d, %d hit twice", n, y).isFalse();
                seen[(int) y] = true;
            }
        }
    }

    @Test
    void latestFavoursTheNewestRecordAndFollowsInserts() {
        long records = 1000;
        KeyChooser chooser = KeyDistribution.latest().newChooser(records, 1);
        int top = 20;
        long[] observed = zipfRankCounts(chooser, records, top, key -> records - 1 - key);
        double[] expected = GoodnessOfFit.withRemainder(ZipfSampler.topRankProbabilities(records, 0.99, top));
        assertThat(GoodnessOfFit.chiSquare(observed, expected).pValue()).isGreaterThan(0.001);

        for (long inserted = records; inserted < records + 100; inserted++) {
            chooser.recordInserted(inserted);
        }
        SplittableRandom rng = new SplittableRandom(5);
        long newest = 0;
        for (int i = 0; i < 10_000; i++) {
            long key = chooser.next(rng);
            assertThat(key).isBetween(0L, records + 99);
            newest += key == records + 99 ? 1 : 0;
        }
        // Rank 0 of 1100 records has probability about 0.13.
        assertThat(newest).isBetween(1000L, 1700L);
    }

    @Test
    void hotspotPutsTheConfiguredFractionInTheHotSet() {
        long records = 10_000;
        KeyDistribution.Hotspot spot = KeyDistribution.hotspot(0.2, 0.8);
        long hotSize = spot.hotSetSize(records);
        assertThat(hotSize).isEqualTo(2000);
        KeyChooser chooser = spot.newChooser(records, 1);
        SplittableRandom rng = new SplittableRandom(17);
        long[] hotCold = new long[2];
        int bins = 10;
        long[] withinHot = new long[bins];
        for (int i = 0; i < SAMPLES; i++) {
            long key = chooser.next(rng);
            assertThat(key).isBetween(0L, records - 1);
            if (key < hotSize) {
                hotCold[0]++;
                withinHot[(int) (key * bins / hotSize)]++;
            } else {
                hotCold[1]++;
            }
        }
        assertThat(GoodnessOfFit.chiSquare(hotCold, new double[] {0.8, 0.2}).pValue()).isGreaterThan(0.001);
        double[] flat = new double[bins];
        Arrays.fill(flat, 1.0 / bins);
        assertThat(GoodnessOfFit.chiSquare(withinHot, flat).pValue()).isGreaterThan(0.001);
        assertThat(GoodnessOfFit.chiSquare(hotCold, new double[] {0.78, 0.22}).pValue()).isLessThan(1e-6);
    }

    @Test
    void hotspotWithEverythingHot() {
        KeyChooser chooser = KeyDistribution.hotspot(1.0, 0.5).newChooser(10, 1);
        SplittableRandom rng = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            assertThat(chooser.next(rng)).isBetween(0L, 9L);
        }
    }

    @Test
    void sameSeedSameKeys() {
        KeyChooser a = KeyDistribution.scrambledZipfian().newChooser(1000, 3);
        KeyChooser b = KeyDistribution.scrambledZipfian().newChooser(1000, 3);
        SplittableRandom ra = new SplittableRandom(8);
        SplittableRandom rb = new SplittableRandom(8);
        for (int i = 0; i < 1000; i++) {
            assertThat(a.next(ra)).isEqualTo(b.next(rb));
        }
    }

    @Test
    void parsesNamesAndRejectsBadParameters() {
        assertThat(KeyDistribution.parse("Zipfian", 0.9, 0.2, 0.8)).isEqualTo(new KeyDistribution.Zipfian(0.9, false));
        assertThat(KeyDistribution.parse("scrambled-zipfian", 0.99, 0.2, 0.8))
                .isEqualTo(KeyDistribution.scrambledZipfian());
        assertThat(KeyDistribution.parse("hotspot", 0.99, 0.1, 0.9)).isEqualTo(KeyDistribution.hotspot(0.1, 0.9));
        assertThatThrownBy(() -> KeyDistribution.parse("gaussian", 0.99, 0.2, 0.8))
                .hasMessageContaining("unknown key distribution 'gaussian'");
        assertThatThrownBy(() -> new KeyDistribution.Zipfian(0, false)).hasMessageContaining("Zipf constant");
        assertThatThrownBy(() -> KeyDistribution.hotspot(0, 0.5)).hasMessageContaining("hot set fraction");
        assertThatThrownBy(() -> KeyDistribution.hotspot(0.5, 1.5)).hasMessageContaining("hot operation fraction");
        assertThatThrownBy(() -> KeyDistribution.uniform().newChooser(0, 1)).hasMessageContaining("at least one");
    }

    /** Counts of ranks 0 .. top-1 plus one bin for all other ranks. */
    private static long[] zipfRankCounts(KeyChooser chooser, long records, int top,
            java.util.function.LongUnaryOperator rankOfKey) {
        SplittableRandom rng = new SplittableRandom(424242);
        long[] counts = new long[top + 1];
        for (int i = 0; i < SAMPLES; i++) {
            long key = chooser.next(rng);
            assertThat(key).isBetween(0L, records - 1);
            long rank = rankOfKey.applyAsLong(key);
            counts[rank < top ? (int) rank : top]++;
        }
        return counts;
    }
}
