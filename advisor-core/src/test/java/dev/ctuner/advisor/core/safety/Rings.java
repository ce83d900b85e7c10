package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Test rings: hand-shaped ones, and random ones from a seed. */
final class Rings {

    private Rings() {
    }

    static NodeId id(String value) {
        return new NodeId(value);
    }

    /** n nodes in one DC and one rack, one token each, evenly spaced: the EUNOMIA setting. */
    static Ring singleToken(int n, int rf, ConsistencyLevel cl) {
        List<RingNode> nodes = new ArrayList<>();
        Map<NodeId, List<Long>> tokens = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            RingNode node = RingNode.of(String.format("n%02d", i), "dc1", "rack1");
            nodes.add(node);
            tokens.put(node.id(), List.of(i * 1000L));
        }
        Map<String, Integer> rf1 = Map.of("dc1", rf);
        return new Ring(nodes, List.of(new KeyspaceReplication("ks", rf1, cl, ReplicaPlacement.place(nodes, tokens, rf1))));
    }

    /** dcs × racks × perRack nodes, single token each, interleaved around the ring; one keyspace, RF per DC. */
    static Ring racked(int dcs, int racks, int perRack, int rf, ConsistencyLevel cl) {
        List<RingNode> nodes = new ArrayList<>();
        Map<NodeId, List<Long>> tokens = new LinkedHashMap<>();
        Map<String, Integer> rfPerDc = new LinkedHashMap<>();
        long token = 0;
        for (int i = 0; i < perRack; i++) {
            for (int r = 0; r < racks; r++) {
                for (int d = 0; d < dcs; d++) {
                    RingNode node = RingNode.of("d" + d + "r" + r + "n" + i, "dc" + d, "rack" + r);
                    nodes.add(node);
                    tokens.put(node.id(), List.of(token += 1000));
                    rfPerDc.put("dc" + d, rf);
                }
            }
        }
        return new Ring(nodes, List.of(new KeyspaceReplication("ks", rfPerDc, cl, ReplicaPlacement.place(nodes, tokens, rfPerDc))));
    }

    /** A random ring: 1-2 DCs, 1-4 racks, 1-8 vnodes, 1-3 keyspaces with random RF and CL. */
    static Ring random(Random random, int maxNodes) {
        int dcs = 1 + random.nextInt(2);
        int n = Math.max(dcs, 1 + random.nextInt(maxNodes));
        int racks = 1 + random.nextInt(4);
        int vnodes = 1 + random.nextInt(8);
        List<RingNode> nodes = new ArrayList<>();
        Map<NodeId, List<Long>> tokens = new LinkedHashMap<>();
        Set<Long> used = new HashSet<>();
        for (int i = 0; i < n; i++) {
            RingNode node = RingNode.of("n" + i, "dc" + (i % dcs), "rack" + random.nextInt(racks));
            nodes.add(node);
            List<Long> own = new ArrayList<>();
            while (own.size() < vnodes) {
                long t = random.nextLong();
                if (used.add(t)) {
                    own.add(t);
                }
            }
            tokens.put(node.id(), own);
        }
        List<KeyspaceReplication> keyspaces = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        ConsistencyLevel[] levels = ConsistencyLevel.values();
        for (int k = 0; k < count; k++) {
            Map<String, Integer> rf = new LinkedHashMap<>();
            for (int d = 0; d < dcs; d++) {
                rf.put("dc" + d, 1 + random.nextInt(5));
            }
            keyspaces.add(new KeyspaceReplication("ks" + k, rf, levels[random.nextInt(levels.length)],
                    ReplicaPlacement.place(nodes, tokens, rf)));
        }
        return new Ring(nodes, keyspaces);
    }
}
