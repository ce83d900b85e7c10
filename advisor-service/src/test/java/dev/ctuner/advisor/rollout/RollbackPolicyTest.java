package dev.ctuner.advisor.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RollbackPolicyTest {

    @ParameterizedTest(name = "{0}: canary failed {1}, last round failed verification {2} -> {3}")
    @CsvSource({
            "NEVER, true, true, false", "NEVER, false, false, false",
            "CANARY, true, false, true", "CANARY, false, true, false", "CANARY, false, false, false",
            "CANARY_AND_LAST_ROUND, true, false, true", "CANARY_AND_LAST_ROUND, false, true, true",
            "CANARY_AND_LAST_ROUND, false, false, false",
            "ANY_FAILURE, false, false, true", "ANY_FAILURE, true, true, true"})
    void decidesWhenAHaltRollsBackByItself(RollbackPolicy policy, boolean canary, boolean lastRound, boolean rollsBack) {
        assertThat(policy.rollsBack(canary, lastRound)).isEqualTo(rollsBack);
    }
}
