package dev.ctuner.advisor.core.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import java.util.List;
import org.junit.jupiter.api.Test;

class SupersedeRuleTest {

    static final WorkloadVector PROPOSED_FOR = WorkloadVector.ofReadRatio(0.9, 1000);
    static final WorkloadVector SAME = WorkloadVector.ofReadRatio(0.88, 1000);
    static final WorkloadVector MOVED = WorkloadVector.ofReadRatio(0.3, 1000);
    final SupersedeRule rule = SupersedeRule.standard();

    @Test
    void aSustainedMoveSupersedes() {
        SupersedeRule.Check c = rule.check(PROPOSED_FOR, List.of(SAME, SAME, MOVED, MOVED, MOVED));
        assertThat(c.superseded()).isTrue();
        assertThat(c.reason()).contains("read ratio 0.90 → 0.30");
    }

    @Test
    void oneNoisyWindowDoesNotSupersede() {
        assertThat(rule.check(PROPOSED_FOR, List.of(SAME, SAME, SAME, MOVED)).superseded()).isFalse();
        assertThat(rule.check(PROPOSED_FOR, List.of(MOVED, MOVED, SAME, MOVED)).superseded()).isFalse();
    }

    @Test
    void aWorkloadThatStaysNeverSupersedes() {
        assertThat(rule.check(PROPOSED_FOR, List.of(SAME, SAME, SAME, SAME, SAME)).superseded()).isFalse();
    }

    @Test
    void tooFewWindowsSinceTheProposalDoNotSupersede() {
        SupersedeRule.Check c = rule.check(PROPOSED_FOR, List.of(MOVED, MOVED));
        assertThat(c.superseded()).isFalse();
        assertThat(c.reason()).isEqualTo("only 2 of 3 windows since the proposal");
    }

    @Test
    void aReadRatioMoveAloneSupersedes() {
        // read ratio −0.2 (above 0.15) while the mix distance 0.28 would pass a looser distance limit
        SupersedeRule loose = new SupersedeRule(0.5, 0.15, 2);
        WorkloadVector fewerReads = WorkloadVector.ofReadRatio(0.7, 1000);
        assertThat(loose.check(PROPOSED_FOR, List.of(fewerReads, fewerReads)).superseded()).isTrue();
    }

    @Test
    void badThresholdsAreRefused() {
        assertThatThrownBy(() -> new SupersedeRule(0, 0.1, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SupersedeRule(0.2, 0.1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
