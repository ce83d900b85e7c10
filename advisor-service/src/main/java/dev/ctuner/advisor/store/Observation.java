package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.observation.NodeWindow;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One stored workload sample: what a node's sidecar sent for one window, as it sent it.
 *
 * <pre>{@code
 * Observation o = observations.samples(cluster, Optional.empty(), from, to, 10).get(0);
 * o.sample().configuration().values();   // the configuration read back on that node
 * }</pre>
 *
 * @param messageId the id of the message that carried the sample (unique)
 * @param sentAt when the sidecar created the message
 */
public record Observation(UUID messageId, ClusterId clusterId, NodeId nodeId, Instant sentAt, WorkloadSample sample) {

    public Observation {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(sentAt, "sentAt");
        Objects.requireNonNull(sample, "sample");
    }

    /** The sample as the series aggregation sees it. */
    public NodeWindow window() {
        return NodeWindow.of(nodeId, sample);
    }
}
