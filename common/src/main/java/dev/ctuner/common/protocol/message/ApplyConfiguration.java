package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Change node configuration knobs. The sidecar validates each knob and value against its own
 * catalog before acting, and reports the outcome in a {@link CommandResult}.
 *
 * @param changes knob name to new value in cassandra.yaml spelling (e.g. "64MiB/s"); not empty,
 *                sorted by name
 * @param expectedMode whether the advisor expects a live change or a restart
 * @param healthTimeoutSeconds how long the node may take to be healthy again before rollback
 * @param reason why the advisor wants the change, for the audit trail
 */
public record ApplyConfiguration(
        Map<String, String> changes,
        ExpectedMode expectedMode,
        int healthTimeoutSeconds,
        String reason,
        Instant expiresAt,
        Optional<String> rolloutId) implements Command {

    public ApplyConfiguration {
        changes = Checks.sortedStrings(changes, "changes");
        Checks.notEmpty(changes, "changes");
        Checks.required(expectedMode, "expectedMode");
        Checks.positive(healthTimeoutSeconds, "healthTimeoutSeconds");
        Checks.nonBlank(reason, "reason");
        Checks.required(expiresAt, "expiresAt");
        rolloutId = Checks.optionalNonBlank(rolloutId, "rolloutId");
    }
}
