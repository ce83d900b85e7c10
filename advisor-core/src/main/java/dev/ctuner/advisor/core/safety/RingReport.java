package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeTopology;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What one sidecar last said about its node's place in the ring, and how old that is.
 *
 * <pre>{@code
 * new RingReport(new NodeId("10.0.0.1"), Optional.of(topology), Optional.of("59adb24e-..."), Duration.ofSeconds(4));
 * }</pre>
 *
 * @param node          the sidecar's node id: the id rollout commands are addressed to
 * @param topology      the node's topology; empty when the sidecar sent none (older sidecar, node unreachable)
 * @param schemaVersion the node's schema version; empty when unknown
 * @param age           time since the sidecar created the report
 */
public record RingReport(NodeId node, Optional<NodeTopology> topology, Optional<String> schemaVersion, Duration age) {

    public RingReport {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(schemaVersion, "schemaVersion");
        Objects.requireNonNull(age, "age");
    }
}
