package dev.ctuner.sidecar.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.message.KeyspaceSettings;
import dev.ctuner.common.protocol.message.PeerTopology;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TopologyReaderTest {

    private static final UUID SELF = UUID.fromString("5b6962dd-3f90-4c93-8f61-eabfa4a803e2");
    private static final PeerTopology PEER = new PeerTopology("8d3c2f4e-0c1a-4b7e-9a55-3f1d2c4b5a6e", "127.0.0.2", "dc1",
            "rack1", List.of(7L), null);

    @Test
    void whatIsKnownIsPublishedAndWhatIsNotStaysUnknown() {
        var topology = TopologyReader.assemble(new TopologyReader.Local(SELF, "dc1", "rack1", List.of(3L, -5L)), null,
                List.of(new KeyspaceSettings("shop", "org.apache.cassandra.locator.SimpleStrategy", Map.of("replication_factor", "3"))))
                .orElseThrow();
        assertThat(topology.hostId()).isEqualTo(SELF.toString());
        assertThat(topology.tokens()).containsExactly(-5L, 3L);
        assertThat(topology.peers()).as("peers_v2 could not be read: unknown, not empty").isNull();
        assertThat(topology.keyspaces()).hasSize(1);
    }

    @Test
    void aNodeListedAmongItsOwnPeersIsLeftOut() {
        PeerTopology self = new PeerTopology(SELF.toString(), "127.0.0.1", "dc1", "rack1", List.of(3L), null);
        var topology = TopologyReader.assemble(new TopologyReader.Local(SELF, "dc1", "rack1", List.of(3L)), List.of(self, PEER), null)
                .orElseThrow();
        assertThat(topology.peers()).containsExactly(PEER);
        assertThat(topology.keyspaces()).isNull();
    }

    @Test
    void anIncompleteLocalRowGivesNoTopologyRatherThanAGuess() {
        assertThat(TopologyReader.assemble(new TopologyReader.Local(null, "dc1", "rack1", List.of(1L)), List.of(), List.of())).isEmpty();
        assertThat(TopologyReader.assemble(new TopologyReader.Local(SELF, "", "rack1", List.of(1L)), List.of(), List.of())).isEmpty();
        assertThat(TopologyReader.assemble(new TopologyReader.Local(SELF, "dc1", "rack1", null), List.of(), List.of())).isEmpty();
    }

    @Test
    void tokensOfAnotherPartitionerAreUnknown() {
        assertThat(TopologyReader.tokens(List.of("-9223372036854775808", " 42 "))).containsExactly(Long.MIN_VALUE, 42L);
        assertThat(TopologyReader.tokens(List.of("85070591730234615865843651857942052864"))).isNull();
        assertThat(TopologyReader.tokens(null)).isNull();
    }
}
