package dev.ctuner.common.protocol.message;

import java.util.List;

/**
 * Another node of the ring as one node sees it in {@code system.peers_v2}. Gossip may not have
 * told the node everything yet: every field but the host id may be null (unknown).
 *
 * <pre>{@code
 * new PeerTopology("8d3c...", "127.0.0.2", "dc1", "rack1", List.of(42L), "59adb24e-f3cd-3e02-97f0-5b395827453f");
 * }</pre>
 *
 * @param hostId        the peer's host id (a UUID)
 * @param address       its address ({@code peer} column), without the port
 * @param tokens        the tokens it owns, sorted; null when unknown
 * @param schemaVersion the schema version it last gossiped; null when unknown
 */
public record PeerTopology(String hostId, String address, String dc, String rack, List<Long> tokens,
                           String schemaVersion) {

    public PeerTopology {
        hostId = Checks.uuid(hostId, "peers.hostId");
        Checks.nullableNonBlank(address, "peers.address");
        Checks.nullableNonBlank(dc, "peers.dc");
        Checks.nullableNonBlank(rack, "peers.rack");
        tokens = tokens == null ? null : Checks.sortedDistinctTokens(tokens, "peers.tokens");
        Checks.nullableNonBlank(schemaVersion, "peers.schemaVersion");
    }
}
