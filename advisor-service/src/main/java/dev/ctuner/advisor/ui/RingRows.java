package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.safety.RingAssembly;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The ring a cluster's rollouts are planned on, as the pages show it: each node with its DC, rack
 * and token count, each keyspace with its replication and consistency level; or the reasons the
 * sidecars' reports give no ring.
 *
 * <pre>{@code
 * RingRows.of(rings.assemble(cluster)).assembled();   // false: reasons() says why
 * }</pre>
 */
public record RingRows(boolean assembled, List<String> reasons, List<Node> nodes, List<Keyspace> keyspaces,
                       Map<String, String> skipped) {

    /** A node of the ring, in token order. */
    public record Node(String id, String dc, String rack, int tokens) {
    }

    /**
     * A keyspace whose availability rollouts keep.
     *
     * @param replication RF per DC as "dc1: 3, dc2: 3" ("*" is SimpleStrategy over all DCs)
     * @param rfEqualsCl  no replica of it may go down: a restart of any node breaks its consistency level
     */
    public record Keyspace(String name, String replication, String consistency, boolean rfEqualsCl) {
    }

    public static RingRows of(RingAssembly assembly) {
        if (assembly instanceof RingAssembly.Refused refused) {
            return new RingRows(false, refused.reasons(), List.of(), List.of(), Map.of());
        }
        RingAssembly.Assembled a = (RingAssembly.Assembled) assembly;
        List<Node> nodes = a.ring().nodes().stream()
                .map(n -> new Node(n.id().value(), n.dc(), n.rack(), a.nodes().get(n.id()).tokens().size())).toList();
        List<Keyspace> keyspaces = a.ring().keyspaces().stream().map(k -> {
            var needed = k.requirement();
            boolean noneMayGo = needed.isPerDc()
                    ? needed.perDc().entrySet().stream().anyMatch(e -> e.getValue() >= k.rfPerDc().getOrDefault(e.getKey(), 0))
                    : needed.total() >= k.rfPerDc().values().stream().mapToInt(Integer::intValue).sum();
            return new Keyspace(k.name(), new TreeMap<>(k.rfPerDc()).entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining(", ")), k.consistency().name(), noneMayGo);
        }).toList();
        return new RingRows(true, List.of(), nodes, keyspaces, new TreeMap<>(a.skipped()));
    }
}
