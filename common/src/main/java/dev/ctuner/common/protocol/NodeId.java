package dev.ctuner.common.protocol;

/**
 * Identity of one Cassandra node (and its sidecar) within a cluster; also the Kafka record key,
 * so that all messages of a node stay in order on one partition.
 */
public record NodeId(String value) {

    public NodeId {
        Identifiers.check(value, "nodeId");
    }

    @Override
    public String toString() {
        return value;
    }
}
