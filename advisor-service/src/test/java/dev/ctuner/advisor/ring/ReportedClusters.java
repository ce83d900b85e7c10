package dev.ctuner.advisor.ring;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.KeyspaceSettings;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.NodeTopology;
import dev.ctuner.common.protocol.message.PeerTopology;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Heartbeats with topology, as sidecars of a test cluster send them, fed into a registry. */
public final class ReportedClusters {

    public static final String SCHEMA = "59adb24e-f3cd-3e02-97f0-5b395827453f";

    private ReportedClusters() {
    }

    /** A node: its sidecar's id, placement and tokens. */
    public record Node(String id, String dc, String rack, List<Long> tokens) {
        String hostId() {
            return UUID.nameUUIDFromBytes(id.getBytes(java.nio.charset.StandardCharsets.UTF_8)).toString();
        }
    }

    /** n nodes n1..nN in dc1/r1 with {@code vnodes} evenly spread tokens each. */
    public static List<Node> nodes(int n, int vnodes) {
        return nodes(n, vnodes, 1);
    }

    /** As above, node i in rack r(i mod racks), so that racks alternate around the ring. */
    public static List<Node> nodes(int n, int vnodes, int racks) {
        List<Node> nodes = new ArrayList<>();
        long step = Long.MAX_VALUE / (n * vnodes) * 2;
        for (int i = 0; i < n; i++) {
            List<Long> tokens = new ArrayList<>();
            for (int v = 0; v < vnodes; v++) {
                tokens.add(Long.MIN_VALUE + 1 + (v * (long) n + i) * step);
            }
            nodes.add(new Node("n" + (i + 1), "dc1", "r" + (i % racks + 1), tokens));
        }
        return nodes;
    }

    public static KeyspaceSettings nts(String name, int rf) {
        return new KeyspaceSettings(name, "org.apache.cassandra.locator.NetworkTopologyStrategy", Map.of("dc1", String.valueOf(rf)));
    }

    /** Every node of {@code all} sees all the others; only those in {@code reporting} send a heartbeat, at {@code at}. */
    public static void report(ClusterRegistry registry, ClusterId cluster, List<Node> all, List<Node> reporting,
                              List<KeyspaceSettings> keyspaces, Instant at) {
        for (Node n : reporting) {
            List<PeerTopology> peers = all.stream().filter(o -> !o.equals(n))
                    .map(o -> new PeerTopology(o.hostId(), "10.0.0." + o.id().substring(1), o.dc(), o.rack(), o.tokens(), SCHEMA))
                    .toList();
            NodeStatus status = new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, SCHEMA, "0.1.0", 100L, true, 0, 0, 0)
                    .withTopology(new NodeTopology(n.hostId(), n.dc(), n.rack(), n.tokens(), peers, keyspaces));
            registry.status(cluster, new NodeId(n.id()), at, status);
        }
    }

    public static void report(ClusterRegistry registry, ClusterId cluster, List<Node> all, List<KeyspaceSettings> keyspaces) {
        report(registry, cluster, all, all, keyspaces, Instant.now());
    }
}
