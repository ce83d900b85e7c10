package dev.ctuner.common.protocol;

/** The Kafka topics of the protocol, by purpose; {@link #suffix()} is appended to the prefix. */
public enum TopicKind {
    /** Workload samples, sidecar to advisor. */
    WORKLOAD("workload"),
    /** Node status, sidecar to advisor. */
    STATUS("status"),
    /** Signed commands, advisor to sidecar. */
    COMMANDS("commands"),
    /** Command and experiment results, sidecar to advisor. */
    RESULTS("results"),
    /** Messages that could not be decoded or processed, kept for inspection. */
    DLQ("dlq");

    private final String suffix;

    TopicKind(String suffix) {
        this.suffix = suffix;
    }

    public String suffix() {
        return suffix;
    }
}
