package dev.ctuner.advisor.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AwaitedHeartbeatsTest {

    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aNodeIsAwaitedFromItsFirstUnverifiedLookUntilItsHeartbeatCame() {
        AwaitedHeartbeats h = new AwaitedHeartbeats();
        ClusterId c = new ClusterId("c");
        assertThat(h.awaits(c, new NodeId("n1"))).isFalse();
        h.await(c, new NodeId("n1"));
        assertThat(h.awaits(c, new NodeId("n1"))).isTrue();
        assertThat(h.awaits(new ClusterId("other"), new NodeId("n1"))).isFalse();
        h.received(c, new NodeId("n1"));
        assertThat(h.awaits(c, new NodeId("n1"))).isFalse();
    }

    @Test
    void theNextLookIsTheEarliestWindowEndStillAheadAndDueOnesAreForgotten() {
        AwaitedHeartbeats h = new AwaitedHeartbeats();
        assertThat(h.nextLook(T)).isEmpty();
        h.lookAt("r1/n1", T.plusSeconds(30));
        h.lookAt("r2/n1", T.plusSeconds(12));
        h.lookAt("r1/n1", T.plusSeconds(29)); // the same step asks again: replaced
        assertThat(h.nextLook(T)).contains(T.plusSeconds(12));
        assertThat(h.nextLook(T.plusSeconds(12))).as("due: forgotten").contains(T.plusSeconds(29));
        assertThat(h.nextLook(T.plusSeconds(40))).isEmpty();
    }
}
