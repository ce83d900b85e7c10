package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.common.protocol.NodeId;
import java.time.Instant;
import java.util.Optional;

/**
 * One node's place and progress in a rollout.
 *
 * <pre>{@code
 * new NodeStep(new NodeId("n1"), 0, true, NodeStepStatus.PENDING, Optional.empty(), Optional.empty(), now, Optional.empty(), 0);
 * }</pre>
 *
 * @param round 0-based round the node belongs to
 * @param command the command sent to apply the change, once sent
 * @param rollback the command sent to undo it, once sent
 */
public record NodeStep(NodeId nodeId, int round, boolean canary, NodeStepStatus status, Optional<Instant> startedAt,
                       Optional<Instant> finishedAt, Instant updatedAt, Optional<String> message, long version,
                       Optional<SentCommand> command, Optional<SentCommand> rollback) {

    /** A step before any command was sent. */
    public NodeStep(NodeId nodeId, int round, boolean canary, NodeStepStatus status, Optional<Instant> startedAt,
                    Optional<Instant> finishedAt, Instant updatedAt, Optional<String> message, long version) {
        this(nodeId, round, canary, status, startedAt, finishedAt, updatedAt, message, version, Optional.empty(),
                Optional.empty());
    }
}
