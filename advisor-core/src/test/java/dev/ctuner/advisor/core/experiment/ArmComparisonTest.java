package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArmComparisonTest {

    @Test
    void everyArmRunsOncePerRoundAndOnceInEveryPositionOverKRounds() {
        List<InterleavedArms.Run> runs = InterleavedArms.order(4, 4);

        assertThat(runs).hasSize(16);
        for (int round = 0; round < 4; round++) {
            int r = round;
            List<InterleavedArms.Run> inRound = runs.subList(4 * r, 4 * r + 4);
            assertThat(inRound).extracting(InterleavedArms.Run::arm).containsExactlyInAnyOrder(0, 1, 2, 3);
            assertThat(inRound).extracting(InterleavedArms.Run::round).containsOnly(r);
        }
        for (int position = 0; position < 4; position++) {
            Set<Integer> arms = new HashSet<>();
            for (int round = 0; round < 4; round++) {
                arms.add(runs.get(4 * round + position).arm());
            }
            assertThat(arms).as("arms in position %d", position).containsExactlyInAnyOrder(0, 1, 2, 3);
        }
    }

    @Test
    void twoArmsAlternateAsThePairsDo() {
        assertThat(InterleavedArms.order(2, 3)).extracting(InterleavedArms.Run::arm).containsExactly(0, 1, 1, 0, 0, 1);
        assertThat(InterleavedPairs.order(3)).extracting(InterleavedPairs.Run::label)
                .containsExactly("A0", "B0", "B1", "A1", "A2", "B2");
    }

    @Test
    void holmMatchesRsPAdjust() {
        // R: p.adjust(c(0.01, 0.04, 0.03), "holm") = 0.03 0.06 0.06
        List<ArmComparison.Pair> raw = List.of(pair(0.01), pair(0.04), pair(0.03));

        List<ArmComparison.Pair> adjusted = ArmComparison.holm(raw);
        assertThat(adjusted.get(0).holmP()).isCloseTo(0.03, within(1e-12));
        assertThat(adjusted.get(1).holmP()).isCloseTo(0.06, within(1e-12));
        assertThat(adjusted.get(2).holmP()).isCloseTo(0.06, within(1e-12));
    }

    @Test
    void aConsistentlyFasterArmIsToldApartAndTheRatioIsOfMeans() {
        double[][] values = new double[8][];
        for (int r = 0; r < 8; r++) {
            double base = 30_000 + 500 * r;
            values[r] = new double[] {base, 1.2 * base, base + 10 * (r % 2 == 0 ? 1 : -1)};
        }

        ArmComparison c = ArmComparison.of(List.of("default", "tuned", "same"), values);

        ArmComparison.Pair tunedOverDefault = c.pairs().get(0);
        assertThat(tunedOverDefault.a()).isEqualTo(0);
        assertThat(tunedOverDefault.b()).isEqualTo(1);
        assertThat(tunedOverDefault.ratio()).isCloseTo(1.2, within(1e-9));
        assertThat(tunedOverDefault.test().pValue()).isLessThan(0.01);
        ArmComparison.Pair sameOverDefault = c.pairs().get(1);
        assertThat(sameOverDefault.holmP()).isGreaterThan(0.5);
        assertThat(c.friedman()).hasValueSatisfying(f -> assertThat(f.pValue()).isLessThan(0.01));
        assertThat(c.completeRounds()).isEqualTo(8);
    }

    @Test
    void roundsOnTwoMachinesAreToldApartWithinRoundsOnly() {
        // rounds 0-3 on a machine 2.5 times slower than rounds 4-6; tuned 8% above the round's base in every round,
        // default and same 1% either side of it
        double[][] values = new double[7][];
        for (int r = 0; r < 7; r++) {
            double base = (r < 4 ? 12_000 : 30_000) * (1 + 0.01 * r);
            double wobble = r % 2 == 0 ? 1.01 : 0.99;
            values[r] = new double[] {base * wobble, 1.08 * base, base / wobble};
        }

        ArmComparison c = ArmComparison.of(List.of("default", "tuned", "same"), values);

        // every run of an arm taken as exchangeable: the machines' speeds swamp the 8%
        assertThat(c.pairs().get(0).holmP()).isGreaterThan(0.2);
        // within rounds: tuned first every time; default and same alternate
        assertThat(c.blockedPairs()).extracting(ArmComparison.BlockedPair::a, ArmComparison.BlockedPair::b)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0, 1), org.assertj.core.groups.Tuple.tuple(0, 2),
                        org.assertj.core.groups.Tuple.tuple(1, 2));
        ArmComparison.BlockedPair tuned = c.blockedPairs().get(0);
        assertThat(tuned.rankSumDifference()).isEqualTo(21 - 11);
        assertThat(tuned.holmP()).isLessThan(0.01).isGreaterThanOrEqualTo(tuned.p());
        assertThat(c.blockedPairs().get(1).holmP()).isGreaterThan(0.5);
        assertThat(c.blockedPairs().get(2).rankSumDifference()).isEqualTo(10 - 21);
    }

    @Test
    void noBlockedPairsWithoutTwoCompleteRounds() {
        ArmComparison c = ArmComparison.of(List.of("a", "b", "c"), new double[][] {{1, 2, 3}, {1, Double.NaN, 3}});

        assertThat(c.friedman()).isEmpty();
        assertThat(c.blockedPairs()).isEmpty();
    }

    @Test
    void aMissingRunDropsItsRoundFromTheFriedmanTestButKeepsTheOtherValues() {
        double[][] values = {{1, 2}, {1, Double.NaN}, {1, 3}};

        ArmComparison c = ArmComparison.of(List.of("a", "b"), values);

        assertThat(c.completeRounds()).isEqualTo(2);
        assertThat(c.summary(0)).hasValueSatisfying(s -> assertThat(s.n()).isEqualTo(3));
        assertThat(c.summary(1)).hasValueSatisfying(s -> assertThat(s.mean()).isEqualTo(2.5));
        assertThat(ArmComparison.of(List.of("a", "b"), new double[][] {{1, Double.NaN}}).summary(1)).isEmpty();
    }

    @Test
    void armsMustBeAtLeastTwoAndDistinct() {
        assertThatThrownBy(() -> ArmComparison.of(List.of("a"), new double[][] {{1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2 distinct");
        assertThatThrownBy(() -> ArmComparison.of(List.of("a", "a"), new double[][] {{1, 2}}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ArmComparison.of(List.of("a", "b"), new double[][] {{1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("every round needs 2");
    }

    private static ArmComparison.Pair pair(double p) {
        return new ArmComparison.Pair(0, 1, 1, new MannWhitney.Result(0, p, true, 0.5), Double.NaN);
    }
}
