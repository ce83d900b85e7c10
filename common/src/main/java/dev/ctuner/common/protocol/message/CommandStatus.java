package dev.ctuner.common.protocol.message;

/** Outcome of a command as far as the sidecar knows it. */
public enum CommandStatus {
    ACCEPTED,
    REJECTED,
    IN_PROGRESS,
    DONE,
    FAILED,
    ROLLED_BACK
}
