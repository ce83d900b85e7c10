package dev.ctuner.common.protocol.message;

import java.util.List;

/**
 * Where a node sits in its Cassandra ring, as the node itself says (system.local, system.peers_v2,
 * system_schema.keyspaces): what the advisor needs to plan rollouts that keep every token range
 * served. Sent inside {@link NodeStatus}; a piece the sidecar could not read is null (unknown),
 * never guessed.
 *
 * <pre>{@code
 * new NodeTopology("5b6962dd-3f90-4c93-8f61-eabfa4a803e2", "dc1", "rack1", List.of(-3074457345618258603L),
 *         List.of(peer), List.of(new KeyspaceSettings("shop", "org.apache.cassandra.locator.NetworkTopologyStrategy",
 *         Map.of("dc1", "3"))));
 * }</pre>
 *
 * @param hostId    the node's Cassandra host id (a UUID)
 * @param dc        its data center
 * @param rack      its rack
 * @param tokens    the Murmur3 tokens it owns, one per vnode, sorted; empty while it has not joined
 * @param peers     the other nodes as this node sees them; null when system.peers_v2 could not be read
 * @param keyspaces every keyspace's replication; null when system_schema.keyspaces could not be read
 */
public record NodeTopology(String hostId, String dc, String rack, List<Long> tokens, List<PeerTopology> peers,
                           List<KeyspaceSettings> keyspaces) {

    public NodeTopology {
        hostId = Checks.uuid(hostId, "hostId");
        Checks.nonBlank(dc, "dc");
        Checks.nonBlank(rack, "rack");
        tokens = Checks.sortedDistinctTokens(tokens, "tokens");
        peers = peers == null ? null : Checks.list(peers, "peers");
        keyspaces = keyspaces == null ? null : Checks.list(keyspaces, "keyspaces");
        if (peers != null) {
            for (PeerTopology peer : peers) {
                if (peer.hostId().equals(hostId)) {
                    throw new IllegalArgumentException("peers must not list the node itself (host id " + hostId + ")");
                }
            }
            if (peers.stream().map(PeerTopology::hostId).distinct().count() != peers.size()) {
                throw new IllegalArgumentException("peers lists a host id twice: "
                        + peers.stream().map(PeerTopology::hostId).toList());
            }
        }
        if (keyspaces != null && keyspaces.stream().map(KeyspaceSettings::name).distinct().count() != keyspaces.size()) {
            throw new IllegalArgumentException("keyspaces lists a keyspace twice: "
                    + keyspaces.stream().map(KeyspaceSettings::name).toList());
        }
    }
}
