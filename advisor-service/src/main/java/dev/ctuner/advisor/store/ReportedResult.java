package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.RejectionCode;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * One result a sidecar reported for a command, as stored.
 *
 * <pre>{@code
 * results.latest(commandId).filter(ReportedResult::isFinal).map(ReportedResult::status);  // Optional[DONE]
 * }</pre>
 */
public record ReportedResult(UUID messageId, UUID commandId, ClusterId clusterId, NodeId nodeId, CommandStatus status,
                             CommandPhase phase, Optional<String> reason, Optional<RejectionCode> rejectionCode,
                             Map<String, String> durationsMillis, Map<String, String> previousValues, Instant reportedAt) {

    public ReportedResult {
        durationsMillis = Map.copyOf(durationsMillis);
        previousValues = Map.copyOf(previousValues);
    }

    /** DONE, FAILED or REJECTED: the sidecar will say nothing more about this command. */
    public boolean isFinal() {
        return status == CommandStatus.DONE || status == CommandStatus.FAILED || status == CommandStatus.REJECTED
                || status == CommandStatus.ROLLED_BACK;
    }

    /** Refused only because the node was busy with another command: sending it again is right. */
    public boolean isBusy() {
        return status == CommandStatus.REJECTED && rejectionCode.filter(c -> c == RejectionCode.BUSY).isPresent();
    }

    /** Time the node spent in a phase, e.g. {@code millis(CommandPhase.SYNCED)}. */
    public Optional<Long> millis(CommandPhase phase) {
        return Optional.ofNullable(durationsMillis.get(phase.name())).map(Long::parseLong);
    }
}
