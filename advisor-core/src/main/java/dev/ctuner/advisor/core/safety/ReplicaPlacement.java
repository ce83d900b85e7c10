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
 * every rack has a replica); or as SimpleStrategy does ({@link #placeSimple}).
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
        TreeMap<Long, NodeId> ring = tokenRing(tokens);
        List<Long> sorted = new ArrayList<>(ring.keySet());
        NodeId[] owners = sorted.stream().map(ring::get).toArray(NodeId[]::new);
        Map<String, DcShape> shapes = new TreeMap<>();
        for (String dc : new TreeMap<>(rfPerDc).keySet()) {
            shapes.put(dc, DcShape.of(byId, ring, dc));
        }
        List<RangeReplicas> ranges = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            List<NodeId> replicas = new ArrayList<>();
            for (Map.Entry<String, DcShape> dc : shapes.entrySet()) {
                replicas.addAll(inDc(owners, i, byId, dc.getKey(), dc.getValue(), rfPerDc.get(dc.getKey())));
            }
            ranges.add(new RangeReplicas(range(sorted, i), replicas));
        }
        return ranges;
    }

    /**
     * The replicas of every range as SimpleStrategy places them: the first {@code rf} distinct nodes
     * clockwise from the range's end token, whatever their DC and rack (fewer when the ring has fewer nodes).
     */
    public static List<RangeReplicas> placeSimple(Map<NodeId, List<Long>> tokens, int rf) {
        TreeMap<Long, NodeId> ring = tokenRing(tokens);
        List<Long> sorted = new ArrayList<>(ring.keySet());
        NodeId[] owners = sorted.stream().map(ring::get).toArray(NodeId[]::new);
        int wanted = Math.min(rf, new HashSet<>(ring.values()).size());
        List<RangeReplicas> ranges = new ArrayList<>();
        for (int i = 0; i < owners.length; i++) {
            Set<NodeId> chosen = new LinkedHashSet<>();
            for (int step = 0; step < owners.length && chosen.size() < wanted; step++) {
                chosen.add(owners[(i + step) % owners.length]);
            }
            ranges.add(new RangeReplicas(range(sorted, i), new ArrayList<>(chosen)));
        }
        return ranges;
    }

    private static TreeMap<Long, NodeId> tokenRing(Map<NodeId, List<Long>> tokens) {
        TreeMap<Long, NodeId> ring = new TreeMap<>();
        tokens.forEach((node, owned) -> owned.forEach(t -> {
            NodeId other = ring.put(t, node);
            if (other != null) {
                throw new IllegalArgumentException("token " + t + " is owned twice, by " + other + " and " + node);
            }
        }));
        return ring;
    }

    private static String range(List<Long> sorted, int i) {
        long previous = sorted.get((i - 1 + sorted.size()) % sorted.size());
        return "(" + previous + "," + sorted.get(i) + "]";
    }

    /** The nodes of one DC that own tokens, and its racks: computed once per keyspace, not per range. */
    private record DcShape(int nodes, int racks) {
        static DcShape of(Map<NodeId, RingNode> byId, TreeMap<Long, NodeId> ring, String dc) {
            Set<String> racks = new HashSet<>();
            Set<NodeId> dcNodes = new HashSet<>();
            for (NodeId owner : new HashSet<>(ring.values())) {
                RingNode n = byId.get(owner);
                if (n != null && n.dc().equals(dc)) {
                    racks.add(n.rack());
                    dcNodes.add(owner);
                }
            }
            return new DcShape(dcNodes.size(), racks.size());
        }
    }

    private static List<NodeId> inDc(NodeId[] owners, int start, Map<NodeId, RingNode> byId, String dc, DcShape shape,
                                     int rf) {
        int wanted = Math.min(rf, shape.nodes());
        Set<NodeId> chosen = new LinkedHashSet<>();
        Set<NodeId> skipped = new LinkedHashSet<>();
        Set<String> usedRacks = new HashSet<>();
        for (int step = 0; step < owners.length && chosen.size() < wanted; step++) {
            NodeId node = owners[(start + step) % owners.length];
            RingNode info = byId.get(node);
            if (!info.dc().equals(dc) || chosen.contains(node)) {
                continue;
            }
            if (usedRacks.size() == shape.racks()) {
                chosen.add(node);
            } else if (usedRacks.add(info.rack())) {
                chosen.add(node);
                if (usedRacks.size() == shape.racks()) {
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
