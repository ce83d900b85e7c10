package dev.ctuner.advisor.learning;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class RetrainGateTest {

    @Test
    void aRetrainedModelReplacesTheOneInUseOnlyWhenItsErrorIsNoWorse() {
        assertThat(RetrainGate.worse(OptionalDouble.of(20.0), OptionalDouble.of(19.0))).isEmpty();
        assertThat(RetrainGate.worse(OptionalDouble.of(20.0), OptionalDouble.of(20.0))).isEmpty();
        assertThat(RetrainGate.worse(OptionalDouble.of(20.0), OptionalDouble.of(23.5))).hasValue(
                "cross-validated throughput error on unseen configurations 23.5 % is worse than the model in use's 20.0 %");
        assertThat(RetrainGate.worse(OptionalDouble.empty(), OptionalDouble.of(50.0))).as("in use not diagnosed").isEmpty();
        assertThat(RetrainGate.worse(OptionalDouble.of(20.0), OptionalDouble.empty())).as("candidate not diagnosed").isEmpty();
        assertThat(RetrainGate.error(ModelAssessment.computing())).isEmpty();
    }
}
