package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.message.AlterTable;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RolePolicyTest {

    private static final Instant LATER = Instant.parse("2030-01-01T00:00:00Z");
    private final RunExperiment experiment = new RunExperiment("e", Map.of(),
            new WorkloadSpec(1, 0, 0, 0, 0, RequestDistribution.UNIFORM, 10, 10, 1, 1), LATER, Optional.empty());
    private final ApplyConfiguration apply = new ApplyConfiguration(Map.of("concurrent_reads", "64"), ExpectedMode.LIVE, 60, "t",
            LATER, Optional.empty());
    private final AlterTable alter = new AlterTable("ks", "t", Map.of("gc_grace_seconds", "10"), "t", LATER, Optional.empty());

    @Test
    void servingTakesChangesAndRefusesExperiments() {
        assertThat(RolePolicy.refusal(SidecarRole.SERVING, apply)).isEmpty();
        assertThat(RolePolicy.refusal(SidecarRole.SERVING, alter)).isEmpty();
        assertThat(RolePolicy.refusal(SidecarRole.SERVING, experiment)).contains(RolePolicy.SERVING_REFUSES_EXPERIMENTS);
    }

    @Test
    void experimentTakesExperimentsAndRefusesChanges() {
        assertThat(RolePolicy.refusal(SidecarRole.EXPERIMENT, experiment)).isEmpty();
        assertThat(RolePolicy.refusal(SidecarRole.EXPERIMENT, apply)).hasValueSatisfying(r -> assertThat(r)
                .contains("role: experiment", "ApplyConfiguration"));
        assertThat(RolePolicy.refusal(SidecarRole.EXPERIMENT, alter)).hasValueSatisfying(r -> assertThat(r).contains("AlterTable"));
    }
}
