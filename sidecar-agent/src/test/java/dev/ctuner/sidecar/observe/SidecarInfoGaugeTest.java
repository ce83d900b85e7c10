package dev.ctuner.sidecar.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.NodeTopology;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SidecarInfoGaugeTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final SidecarInfoGauge info = new SidecarInfoGauge(registry, "SERVING", "0.1.0");

    @Test
    void beforeAHeartbeatWithTopologyDcAndRackAreUnknown_thenTheNodesOwn_andOneSeriesAtATime() {
        assertThat(only().getId().getTag("dc")).isEqualTo("unknown");
        assertThat(only().getId().getTag("role")).isEqualTo("serving");

        info.accept(status(null));
        assertThat(only().getId().getTag("rack")).as("a heartbeat without topology changes nothing").isEqualTo("unknown");

        info.accept(status(new NodeTopology(UUID.randomUUID().toString(), "dc-east", "rack2", List.of(7L), null, null)));
        Gauge gauge = only();
        assertThat(gauge.getId().getTag("dc")).isEqualTo("dc-east");
        assertThat(gauge.getId().getTag("rack")).isEqualTo("rack2");
        assertThat(gauge.getId().getTag("version")).isEqualTo("0.1.0");
        assertThat(gauge.value()).isEqualTo(1.0);
    }

    private Gauge only() {
        assertThat(registry.find("ctuner.sidecar.info").gauges()).hasSize(1);
        return registry.get("ctuner.sidecar.info").gauge();
    }

    private static NodeStatus status(NodeTopology topology) {
        return new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, null, "0.1.0", 10L, true, 0, 0, null, topology);
    }
}
