package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which nodes replicate each token range, placed as Cassandra's NetworkTopologyStrategy does: walk
 * the ring clockwise from the range's end token and take, per DC, the first RF distinct nodes,
 * preferring racks not yet used (nodes of an already used rack are kept aside and taken only once
 * every rack has a replica). With one DC and one rack this is SimpleStrategy.
 *
 * <pre>{@code
 * List<RangeReplicas> ranges = ReplicaPlacement.place(nodes, Map.of(n1, List.of(0L), n2, List.of(100L)), Map.of("dc1", 2));
 * }</pre>
 */
public final class ReplicaPlacement {

    private ReplicaPlacement() {
    }

    /** The replicas of every range (previous token, token] for a keyspace replicated {@code rfPerDc}. */
    public static List<RangeReplicas> place(List<RingNode> nodes, Map<NodeId, List<Long>> tokens,
                                            Map<String, Integer> rfPerDc) {
        Map<NodeId, RingNode> byId = new HashMap<>();
        nodes.forEach(n -> byId.put(n.id(), n));
        TreeMap<Long, NodeId> ring = new TreeMap<>();
        tokens.forEach((node, owned) -> owned.forEach(t -> {
            if (ring.put(t, node) != null) {
                throw new IllegalArgumentException("token " + t + " is owned twice");
            }
        }));
        List<Long> sorted = new ArrayList<>(ring.keySet());
        List<RangeReplicas> ranges = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            long previous = sorted.get((i - 1 + sorted.size()) % sorted.size());
            List<NodeId> replicas = new ArrayList<>();
            for (Map.Entry<String, Integer> dc : new TreeMap<>(rfPerDc).entrySet()) {
                replicas.addAll(inDc(sorted, ring, i, byId, dc.getKey(), dc.getValue()));
            }
            ranges.add(new RangeReplicas("(" + previous + "," + sorted.get(i) + "]", replicas));
        }
        return ranges;
    }

    private static List<NodeId> inDc(List<Long> sorted, TreeMap<Long, NodeId> ring, int start,
                                     Map<NodeId, RingNode> byId, String dc, int rf) {
        Set<String> racks = new HashSet<>();
        Set<NodeId> dcNodes = new HashSet<>();
        byId.values().stream().filter(n -> n.dc().equals(dc) && ring.containsValue(n.id())).forEach(n -> {
            racks.add(n.rack());
            dcNodes.add(n.id());
        });
        int wanted = Math.min(rf, dcNodes.size());
        Set<NodeId> chosen = new LinkedHashSet<>();
        Set<NodeId> skipped = new LinkedHashSet<>();
        Set<String> usedRacks = new HashSet<>();
        for (int step = 0; step < sorted.size() && chosen.size() < wanted; step++) {
            NodeId node = ring.get(sorted.get((start + step) % sorted.size()));
            RingNode info = byId.get(node);
            if (!info.dc().equals(dc) || chosen.contains(node)) {
                continue;
            }
            if (usedRacks.size() == racks.size()) {
                chosen.add(node);
            } else if (usedRacks.add(info.rack())) {
                chosen.add(node);
                if (usedRacks.size() == racks.size()) {
                    for (NodeId aside : skipped) {
                        if (chosen.size() < wanted) {
                            chosen.add(aside);
                        }
                    }
                }
            } else {
                skipped.add(node);
            }
        }
        return new ArrayList<>(chosen).subList(0, Math.min(wanted, chosen.size()));
    }
}
