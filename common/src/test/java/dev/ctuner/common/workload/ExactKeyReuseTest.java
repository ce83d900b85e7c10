package dev.ctuner.common.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ExactKeyReuseTest {

    @Test
    void alternatingKeysAreReusedAtDistanceTwo() {
        KeyReuseStats s = ExactKeyReuse.of(List.of("a", "b", "a", "b"));
        assertThat(s.reuseCount()).isEqualTo(2);
        assertThat(s.mean()).isEqualTo(2.0);
        assertThat(s.median()).isEqualTo(2.0);
        assertThat(s.histogram()).containsExactly(new LogBucket(2, 0), new LogBucket(4, 2));
        assertThat(s.exponentialFit().rate()).isEqualTo(0.5);
    }

    @Test
    void immediateReaccessHasDistanceOne() {
        KeyReuseStats s = ExactKeyReuse.of(new long[] {42, 42});
        assertThat(s.reuseCount()).isEqualTo(1);
        assertThat(s.mean()).isEqualTo(1.0);
        assertThat(s.median()).isEqualTo(1.0);
        assertThat(s.histogram()).containsExactly(new LogBucket(2, 1));
        // One bucket leaves nothing for a fit to explain.
        assertThat(s.exponentialFit().rSquared()).isNull();
    }

    @Test
    void allDistinctKeysHaveNoReuse() {
        KeyReuseStats s = ExactKeyReuse.of(new long[] {1, 2, 3, 4, 5});
        assertThat(s.reuseCount()).isZero();
        assertThat(s.mean()).isNull();
        assertThat(s.median()).isNull();
        assertThat(s.histogram()).isEmpty();
        assertThat(s.exponentialFit()).isNull();
        assertThat(s.hasReuse()).isFalse();
        assertThat(ExactKeyReuse.of(new long[0])).isEqualTo(KeyReuseStats.NONE);
    }

    @Test
    void bucketEdgesArePowersOfTwo() {
        // Key 0 re-accessed at distances 3, 4, 7 and 8: 3 closes [2,4), 4 and 7 fall in [4,8), 8 opens [8,16).
        long[] seq = new long[1 + 3 + 4 + 7 + 8];
        Arrays.fill(seq, -1);
        int position = 0;
        seq[position] = 0;
        long filler = 100;
        for (int distance : new int[] {3, 4, 7, 8}) {
            for (int i = 1; i < distance; i++) {
                seq[position + i] = filler++;
            }
            position += distance;
            seq[position] = 0;
        }
        KeyReuseStats s = ExactKeyReuse.of(seq);
        assertThat(s.histogram()).containsExactly(new LogBucket(2, 0), new LogBucket(4, 1), new LogBucket(8, 2),
                new LogBucket(16, 1));
        assertThat(s.histogram().get(3).lowerBoundInclusive()).isEqualTo(8);
        assertThat(s.mean()).isEqualTo(22 / 4.0);
        assertThat(s.median()).isEqualTo(5.5);   // average of the middle distances 4 and 7
    }

    @Test
    void medianOfAnOddCountIsTheMiddleDistance() {
        // a a b a: distances 1 (a) and 2 (a); c c adds 1 -> {1, 1, 2}
        KeyReuseStats s = ExactKeyReuse.of(List.of("a", "a", "b", "a", "c", "c"));
        assertThat(s.reuseCount()).isEqualTo(3);
        assertThat(s.median()).isEqualTo(1.0);
        assertThat(s.mean()).isCloseTo(4 / 3.0, within(1e-12));
    }

    @Test
    void listAndArrayOverloadsAgree() {
        SplittableRandom random = new SplittableRandom(7);
        long[] keys = random.longs(5_000, 0, 300).toArray();
        List<String> names = Arrays.stream(keys).mapToObj(k -> "user:" + k).toList();
        assertThat(ExactKeyReuse.of(names)).isEqualTo(ExactKeyReuse.of(keys));
    }

    @Test
    void uniformAccessGivesAGoodExponentialFitWithMeanNearTheKeyCount() {
        long[] keys = new SplittableRandom(11).longs(200_000, 0, 500).toArray();
        KeyReuseStats s = ExactKeyReuse.of(keys);
        assertThat(s.mean()).isCloseTo(500, within(10.0));
        assertThat(s.exponentialFit().rSquared()).isGreaterThan(0.95);
        assertThat(s.popularitySkew()).isBetween(0.0, 0.2);
    }

    @Test
    void popularitySkewRecoversAZipfExponent() {
        // Counts exactly proportional to rank^-1.2.
        List<Long> seq = new java.util.ArrayList<>();
        for (int rank = 1; rank <= 50; rank++) {
            long count = Math.round(10_000 * Math.pow(rank, -1.2));
            for (long c = 0; c < count; c++) {
                seq.add((long) rank);
            }
        }
        assertThat(ExactKeyReuse.of(seq).popularitySkew()).isCloseTo(1.2, within(0.02));
        assertThat(ExactKeyReuse.of(new long[] {1, 1, 2, 2, 3}).popularitySkew()).isNull();
    }

    @Test
    void refusesNullKeys() {
        assertThatThrownBy(() -> ExactKeyReuse.of(Arrays.asList("a", null)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("position 1");
    }
}
