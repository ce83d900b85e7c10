package dev.ctuner.advisor.ingest;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the advisor last heard from one node: its latest heartbeat and its recent workload samples.
 *
 * <pre>{@code
 * registry.node(cluster, node).filter(v -> v.isUpNormal(now, Duration.ofSeconds(30)));
 * }</pre>
 *
 * @param status latest heartbeat, with the time the sidecar created it
 * @param samples recent workload samples, oldest first
 */
public record NodeView(ClusterId clusterId, NodeId nodeId, Optional<NodeStatus> status, Optional<Instant> statusAt,
                       List<WorkloadSample> samples) {

    public NodeView {
        samples = List.copyOf(samples);
    }

    /** Whether the latest heartbeat is younger than {@code maxAge} and says UP_NORMAL and reachable. */
    public boolean isUpNormal(Instant now, Duration maxAge) {
        return isFresh(now, maxAge) && status.get().state() == NodeState.UP_NORMAL && status.get().reachable();
    }

    public boolean isFresh(Instant now, Duration maxAge) {
        return status.isPresent() && statusAt.isPresent() && !statusAt.get().isBefore(now.minus(maxAge));
    }

    public Optional<WorkloadSample> latestSample() {
        return samples.isEmpty() ? Optional.empty() : Optional.of(samples.get(samples.size() - 1));
    }
}
