package dev.ctuner.advisor.core.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every (from, to) pair of every state machine, against the moves written out here once more by
 * hand: a move added to or dropped from a table fails one of these cases.
 */
class TransitionTablesTest {

    private static final Instant AT = Instant.parse("2026-01-01T10:00:00Z");

    private static final Set<String> RECOMMENDATION_MOVES = Set.of(
            "PROPOSED>VETTED", "PROPOSED>REJECTED", "PROPOSED>SUPERSEDED",
            "VETTED>APPROVED", "VETTED>REJECTED", "VETTED>SUPERSEDED",
            "APPROVED>ROLLING_OUT", "APPROVED>REJECTED", "APPROVED>SUPERSEDED",
            "ROLLING_OUT>VERIFIED", "ROLLING_OUT>ROLLED_BACK", "ROLLING_OUT>FAILED", "ROLLING_OUT>ROLLING_BACK",
            "VERIFIED>ROLLING_BACK", "FAILED>ROLLING_BACK", "ROLLING_BACK>ROLLED_BACK", "ROLLING_BACK>FAILED");
    private static final Set<String> ROLLOUT_MOVES = Set.of(
            "RUNNING>PAUSED", "RUNNING>SUCCEEDED", "RUNNING>FAILED", "RUNNING>ABORTED",
            "PAUSED>RUNNING", "PAUSED>ABORTED", "PAUSED>ROLLING_BACK",
            "SUCCEEDED>ROLLING_BACK", "FAILED>ROLLING_BACK", "ABORTED>ROLLING_BACK",
            "ROLLING_BACK>ROLLED_BACK", "ROLLING_BACK>FAILED");
    private static final Set<String> NODE_MOVES = Set.of(
            "PENDING>APPLYING", "PENDING>SKIPPED", "APPLYING>APPLIED", "APPLYING>FAILED",
            "APPLIED>VERIFIED", "APPLIED>FAILED", "APPLIED>ROLLED_BACK", "VERIFIED>ROLLED_BACK", "FAILED>ROLLED_BACK");

    static Stream<Arguments> everyPair() {
        List<Arguments> pairs = new ArrayList<>();
        addPairs(pairs, RecommendationState.TABLE, RecommendationState.values(), RECOMMENDATION_MOVES);
        addPairs(pairs, RolloutState.TABLE, RolloutState.values(), ROLLOUT_MOVES);
        addPairs(pairs, NodeStepStatus.TABLE, NodeStepStatus.values(), NODE_MOVES);
        return pairs.stream();
    }

    private static <S extends Enum<S>> void addPairs(List<Arguments> pairs, TransitionTable<S> table, S[] states,
                                                      Set<String> expected) {
        for (S from : states) {
            for (S to : states) {
                pairs.add(Arguments.of(table, from, to, expected.contains(from + ">" + to)));
            }
        }
    }

    @ParameterizedTest(name = "{1} -> {2}: {3}")
    @MethodSource("everyPair")
    <S extends Enum<S>> void everyPairIsAllowedOrRefusedExactlyAsWritten(TransitionTable<S> table, S from, S to,
                                                                         boolean allowed) {
        assertThat(table.isAllowed(from, to)).isEqualTo(allowed);
        if (allowed) {
            Transition<S> audit = table.move(from, to, "alice", AT, "because");
            assertThat(audit).isEqualTo(new Transition<>(from, to, "alice", AT, "because"));
        } else {
            assertThatThrownBy(() -> table.move(from, to, "alice", AT, "because"))
                    .isInstanceOfSatisfying(IllegalTransitionException.class, e -> {
                        assertThat(e.current()).isEqualTo(from.name());
                        assertThat(e.requested()).isEqualTo(to.name());
                        assertThat(e.allowed()).containsExactlyInAnyOrderElementsOf(
                                table.allowedFrom(from).stream().map(Enum::name).toList());
                        assertThat(e.getMessage()).contains("cannot move from " + from + " to " + to);
                    });
        }
    }

    @Test
    void finalStatesHaveNoMovesAndSaySo() {
        assertThat(Arrays.stream(RecommendationState.values()).filter(RecommendationState.TABLE::isFinal))
                .containsExactlyInAnyOrder(RecommendationState.REJECTED, RecommendationState.SUPERSEDED,
                        RecommendationState.ROLLED_BACK);
        assertThatThrownBy(() -> RecommendationState.TABLE.move(RecommendationState.REJECTED,
                RecommendationState.APPROVED, "bob", AT, "changed my mind"))
                .hasMessageContaining("allowed from REJECTED: none (final state)");
    }

    @Test
    void aRollbackIsRequestedOnlyFromAStoppedRolloutAndEndsFinalOrFailedAgain() {
        assertThat(Arrays.stream(RolloutState.values()).filter(s -> RolloutState.TABLE.isAllowed(s, RolloutState.ROLLING_BACK)))
                .containsExactlyInAnyOrder(RolloutState.PAUSED, RolloutState.SUCCEEDED, RolloutState.FAILED, RolloutState.ABORTED);
        assertThat(Arrays.stream(RolloutState.values()).filter(RolloutState.TABLE::isFinal)).containsExactly(RolloutState.ROLLED_BACK);
        assertThatThrownBy(() -> RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.ROLLING_BACK, "olga", AT, "undo"))
                .isInstanceOfSatisfying(IllegalTransitionException.class, e -> assertThat(e.allowed())
                        .containsExactlyInAnyOrder("PAUSED", "SUCCEEDED", "FAILED", "ABORTED"));
    }

    @Test
    void everyMoveNeedsAnActorAndAReason() {
        assertThatThrownBy(() -> RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.PAUSED, " ", AT, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("actor");
        assertThatThrownBy(() -> RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.PAUSED, "bob", AT, ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason");
    }

    @Test
    void aTableRefusesAMoveToTheSameState() {
        assertThatThrownBy(() -> TransitionTable.builder(RolloutState.class).allow(RolloutState.PAUSED, RolloutState.PAUSED))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
