package dev.ctuner.common.protocol.message;

/** Steps a command passes through on the node, in order; a restart goes through all of them. */
public enum CommandPhase {
    RECEIVED,
    ACCEPTED,
    DRAINED,
    STOPPED,
    STARTED,
    SYNCED,
    DONE,
    ROLLED_BACK,
    FAILED
}
