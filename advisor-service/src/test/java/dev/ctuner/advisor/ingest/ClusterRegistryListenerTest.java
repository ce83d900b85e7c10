package dev.ctuner.advisor.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterRegistryListenerTest {

    private static final ClusterId C = new ClusterId("c");
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    private static NodeStatus up() {
        return new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "s1", "0.1.0", 1L, true, 0, 0, 0);
    }

    @Test
    void aListenerHearsOfEachHeartbeatRecordedAfterItIsRecordedButNotOfAnOlderOneKeptOut() {
        ClusterRegistry registry = new ClusterRegistry(5);
        List<String> heard = new ArrayList<>();
        registry.onStatus((cluster, node) -> heard.add(node.value() + "@" + registry.node(cluster, node).orElseThrow().statusAt().orElseThrow()));

        registry.status(C, new NodeId("n1"), T, up());
        registry.status(C, new NodeId("n1"), T.minusSeconds(5), up()); // delivered late: not recorded
        registry.status(C, new NodeId("n2"), T.plusSeconds(1), up());

        assertThat(heard).containsExactly("n1@" + T, "n2@" + T.plusSeconds(1));
    }
}
