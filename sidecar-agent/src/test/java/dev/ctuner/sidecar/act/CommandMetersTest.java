package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.message.RejectionCode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CommandMetersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final CommandMeters meters = new CommandMeters(registry);

    @Test
    void everyCounterAndEveryRefusalReasonExistsAtZeroBeforeAnyCommand() {
        for (String name : new String[] {"received", "applied", "rolled.back", "failed"}) {
            assertThat(registry.get("ctuner.sidecar.commands." + name).counter().count()).as(name).isZero();
        }
        assertThat(registry.get("ctuner.sidecar.commands.refused").counters()).hasSize(RejectionCode.values().length);
        assertThat(registry.get("ctuner.sidecar.commands.refused").counters().stream().map(c -> c.getId().getTag("reason")))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(RejectionCode.values()).map(c -> c.name().toLowerCase()).toList());
    }

    @Test
    void countsEachOutcomeOnItsOwnCounterAndRefusalsByReason() {
        meters.received();
        meters.received();
        meters.received();
        meters.refused(RejectionCode.EXPIRED);
        meters.refused(RejectionCode.BUSY);
        meters.refused(RejectionCode.BUSY);
        meters.applied();
        meters.rolledBack();

        assertThat(registry.get("ctuner.sidecar.commands.received").counter().count()).isEqualTo(3);
        assertThat(registry.get("ctuner.sidecar.commands.refused").tag("reason", "busy").counter().count()).isEqualTo(2);
        assertThat(registry.get("ctuner.sidecar.commands.refused").tag("reason", "expired").counter().count()).isEqualTo(1);
        assertThat(registry.get("ctuner.sidecar.commands.refused").tag("reason", "bad_signature").counter().count()).isZero();
        assertThat(registry.get("ctuner.sidecar.commands.applied").counter().count()).isEqualTo(1);
        assertThat(registry.get("ctuner.sidecar.commands.rolled.back").counter().count()).isEqualTo(1);
        assertThat(registry.get("ctuner.sidecar.commands.failed").counter().count()).isZero();
    }
}
