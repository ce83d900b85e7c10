package dev.ctuner.advisor.core.tuning;

/** Who approves the tuning loop's proposals for a cluster. */
public enum ApprovalMode {
    /** An operator approves every proposal (the default). */
    MANUAL,
    /** The advisor approves a proposal by itself when it is within the policy's limits, else an operator does. */
    AUTO
}
