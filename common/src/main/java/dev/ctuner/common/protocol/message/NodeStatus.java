package dev.ctuner.common.protocol.message;

/**
 * Liveness and identity of one node and its sidecar. Sent periodically on the status topic.
 *
 * @param cassandraVersion release of the Cassandra node, e.g. "5.0.4"
 * @param state ring state
 * @param hintsPending hints waiting to be delivered; null when unknown
 * @param schemaVersion Cassandra's schema version UUID as reported by the node; null when unknown
 * @param sidecarVersion release of the sidecar agent
 * @param uptimeSeconds node uptime; null when unknown
 * @param publisherBacklog messages the sidecar holds because the broker has not acknowledged them yet
 * @param droppedMessages messages the sidecar has dropped since it started because its backlog was full
 * @param reachable whether the sidecar can currently reach its node over JMX/CQL
 * @param activeStreams streaming sessions the node takes part in (bootstrap, repair, rebuild); null
 *                      when unknown, and also when an older sidecar did not send it (added in 1.0 as
 *                      an optional field, so older readers ignore it)
 * @param topology where the node sits in the ring (host id, DC, rack, tokens, its peers, keyspace
 *                 replication); null when unknown or sent by an older sidecar (added in 1.0 as an
 *                 optional field, so older readers ignore it)
 */
public record NodeStatus(
        String cassandraVersion,
        NodeState state,
        Long hintsPending,
        String schemaVersion,
        String sidecarVersion,
        Long uptimeSeconds,
        boolean reachable,
        long publisherBacklog,
        long droppedMessages,
        Integer activeStreams,
        NodeTopology topology) implements Message {

    /** A heartbeat without topology, as sidecars before the topology field sent it. */
    public NodeStatus(String cassandraVersion, NodeState state, Long hintsPending, String schemaVersion,
                      String sidecarVersion, Long uptimeSeconds, boolean reachable, long publisherBacklog,
                      long droppedMessages, Integer activeStreams) {
        this(cassandraVersion, state, hintsPending, schemaVersion, sidecarVersion, uptimeSeconds, reachable,
                publisherBacklog, droppedMessages, activeStreams, null);
    }

    /** This heartbeat with the node's topology. */
    public NodeStatus withTopology(NodeTopology known) {
        return new NodeStatus(cassandraVersion, state, hintsPending, schemaVersion, sidecarVersion, uptimeSeconds,
                reachable, publisherBacklog, droppedMessages, activeStreams, known);
    }

    public NodeStatus {
        Checks.nonBlank(cassandraVersion, "cassandraVersion");
        Checks.required(state, "state");
        Checks.nullableNonNegative(hintsPending, "hintsPending");
        Checks.nullableNonBlank(schemaVersion, "schemaVersion");
        Checks.nonBlank(sidecarVersion, "sidecarVersion");
        Checks.nullableNonNegative(uptimeSeconds, "uptimeSeconds");
        Checks.nonNegative(publisherBacklog, "publisherBacklog");
        Checks.nonNegative(droppedMessages, "droppedMessages");
        if (activeStreams != null && activeStreams < 0) {
            throw new IllegalArgumentException("activeStreams must be >= 0 but was " + activeStreams);
        }
    }
}
