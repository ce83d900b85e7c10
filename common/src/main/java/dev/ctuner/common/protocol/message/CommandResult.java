package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Progress or outcome of one command, sent by the sidecar on the results topic. A command
 * produces several results as it moves through its phases.
 *
 * @param commandId id of the command this reports on
 * @param status where the command stands
 * @param phase the phase reached
 * @param reason human-readable explanation; required (non-blank) when REJECTED or FAILED
 * @param rejectionCode machine-readable reason; required when REJECTED, otherwise may be null
 * @param phaseDurationsMillis time spent in each phase completed so far
 * @param at when this result was produced
 * @param appliedValues knob to value now in effect because of the command; sorted, may be empty
 * @param previousValues knob to value before the command, for rollback; sorted, may be empty
 */
public record CommandResult(
        UUID commandId,
        CommandStatus status,
        CommandPhase phase,
        String reason,
        RejectionCode rejectionCode,
        Map<CommandPhase, Long> phaseDurationsMillis,
        Instant at,
        Map<String, String> appliedValues,
        Map<String, String> previousValues) implements Message {

    public CommandResult {
        Checks.required(commandId, "commandId");
        Checks.required(status, "status");
        Checks.required(phase, "phase");
        Checks.nullableNonBlank(reason, "reason");
        if (reason == null && (status == CommandStatus.REJECTED || status == CommandStatus.FAILED)) {
            throw new IllegalArgumentException("reason must be given when status is " + status + " but was null");
        }
        if (rejectionCode == null && status == CommandStatus.REJECTED) {
            throw new IllegalArgumentException("rejectionCode must be given when status is REJECTED but was null");
        }
        phaseDurationsMillis = Checks.enumCounts(phaseDurationsMillis, CommandPhase.class, "phaseDurationsMillis");
        Checks.required(at, "at");
        appliedValues = Checks.sortedStrings(appliedValues, "appliedValues");
        previousValues = Checks.sortedStrings(previousValues, "previousValues");
    }
}
