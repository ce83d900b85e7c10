package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Undo an earlier command on this node, restoring the values it recorded as previous.
 *
 * @param targetCommandId id of the command to undo
 * @param reason why the advisor rolls back, for the audit trail
 */
public record RollbackConfiguration(
        UUID targetCommandId,
        String reason,
        Instant expiresAt,
        Optional<String> rolloutId) implements Command {

    public RollbackConfiguration {
        Checks.required(targetCommandId, "targetCommandId");
        Checks.nonBlank(reason, "reason");
        Checks.required(expiresAt, "expiresAt");
        rolloutId = Checks.optionalNonBlank(rolloutId, "rolloutId");
    }
}
