package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.KeyspaceSettings;
import dev.ctuner.common.protocol.message.NodeTopology;
import dev.ctuner.common.protocol.message.PeerTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/** Sidecar reports of test clusters: every node sees every other exactly as it reports itself. */
final class Reports {

    static final String NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy";
    static final String SIMPLE = "org.apache.cassandra.locator.SimpleStrategy";
    static final String LOCAL = "org.apache.cassandra.locator.LocalStrategy";
    static final String SCHEMA = "59adb24e-f3cd-3e02-97f0-5b395827453f";

    private Reports() {
    }

    /** One node of a test cluster. */
    record Node(String id, String hostId, String dc, String rack, List<Long> tokens) {
        static Node of(int i, String dc, String rack, List<Long> tokens) {
            return new Node("10.0.0." + (i + 1), new UUID(0x5b6962dd3f904c93L, i + 1L).toString(), dc, rack, tokens);
        }

        PeerTopology asPeer() {
            return new PeerTopology(hostId, id, dc, rack, tokens, SCHEMA);
        }
    }

    static List<RingReport> agreeing(List<Node> nodes, List<KeyspaceSettings> keyspaces) {
        List<RingReport> reports = new ArrayList<>();
        for (Node n : nodes) {
            List<PeerTopology> peers = nodes.stream().filter(o -> o != n).map(Node::asPeer).toList();
            reports.add(report(n, peers, keyspaces, Duration.ofSeconds(3)));
        }
        return reports;
    }

    static RingReport report(Node n, List<PeerTopology> peers, List<KeyspaceSettings> keyspaces, Duration age) {
        return new RingReport(new NodeId(n.id()), Optional.of(new NodeTopology(n.hostId(), n.dc(), n.rack(), n.tokens(), peers,
                keyspaces)), Optional.of(SCHEMA), age);
    }

    /** n nodes in one DC and rack, one evenly spaced token each. */
    static List<Node> singleTokens(int n) {
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add(Node.of(i, "dc1", "rack1", List.of(-9_000_000_000_000_000_000L + i * 1_000_000_000_000_000_000L)));
        }
        return nodes;
    }

    /** Random tokens, distinct over the whole cluster: {@code vnodes} per node. */
    static List<Node> random(Random random, int n, int dcs, int racks, int vnodes) {
        Set<Long> used = new HashSet<>();
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Long> own = new ArrayList<>();
            while (own.size() < vnodes) {
                long t = random.nextLong();
                if (used.add(t)) {
                    own.add(t);
                }
            }
            nodes.add(Node.of(i, "dc" + (i % dcs), "rack" + random.nextInt(racks), own));
        }
        return nodes;
    }

    static KeyspaceSettings nts(String name, Map<String, String> rf) {
        return new KeyspaceSettings(name, NTS, rf);
    }

    static KeyspaceSettings simple(String name, int rf) {
        return new KeyspaceSettings(name, SIMPLE, Map.of("replication_factor", String.valueOf(rf)));
    }
}
