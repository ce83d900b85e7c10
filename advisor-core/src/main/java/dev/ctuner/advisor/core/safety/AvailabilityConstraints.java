package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;

/**
 * Every limit on which of the nodes to change may be down together, derived from a ring. A set B of
 * nodes may be down at once only if, for every keyspace and range, the live replicas still meet
 * the keyspace's consistency level: |replicas ∩ B| ≤ RF − CL (EUNOMIA section 5.6), per DC for
 * the LOCAL_ and EACH_ levels. Nodes not being changed are assumed up (a rollout pre-check).
 *
 * <pre>{@code
 * AvailabilityConstraints c = AvailabilityConstraints.of(ring, Set.copyOf(ring.nodeIds()));
 * c.violations(Set.of(n1, n2));  // ["keyspace shop range (0,100] needs QUORUM: 2 of 3 live ..."]
 * }</pre>
 */
public final class AvailabilityConstraints {

    private final List<DownLimit> limits;

    private AvailabilityConstraints(List<DownLimit> limits) {
        this.limits = List.copyOf(limits);
    }

    /** The limits that bind {@code changing}; identical replica groups are merged keeping the tightest limit. */
    public static AvailabilityConstraints of(Ring ring, Set<NodeId> changing) {
        Map<SortedSet<NodeId>, DownLimit> tightest = new LinkedHashMap<>();
        Map<NodeId, String> dcOf = new LinkedHashMap<>();
        ring.nodes().forEach(n -> dcOf.put(n.id(), n.dc()));
        for (KeyspaceReplication ks : ring.keyspaces()) {
            ReplicaRequirement need = ks.requirement();
            for (RangeReplicas range : ks.ranges()) {
                if (need.isPerDc()) {
                    need.perDc().forEach((dc, live) -> {
                        List<NodeId> inDc = range.replicas().stream().filter(r -> dc.equals(dcOf.get(r))).toList();
                        add(tightest, inDc, live, changing, ks, range, " in " + dc);
                    });
                } else {
                    add(tightest, range.replicas(), need.total(), changing, ks, range, "");
                }
            }
        }
        return new AvailabilityConstraints(new ArrayList<>(tightest.values()));
    }

    private static void add(Map<SortedSet<NodeId>, DownLimit> tightest, List<NodeId> replicas, int live,
                            Set<NodeId> changing, KeyspaceReplication ks, RangeReplicas range, String where) {
        int tolerance = replicas.size() - live;
        Set<NodeId> group = new HashSet<>(replicas);
        group.retainAll(changing);
        if (group.isEmpty() || group.size() <= tolerance) {
            return; // cannot bind: even all of them down leaves enough live replicas
        }
        String why = "keyspace " + ks.name() + " range " + range.range() + " needs " + ks.consistency() + where + ": "
                + live + " of " + replicas.size() + " replicas " + sorted(replicas) + " live, so at most "
                + Math.max(tolerance, 0) + " may be down";
        if (tolerance < 0) {
            why = "keyspace " + ks.name() + " range " + range.range() + " cannot meet " + ks.consistency() + where
                    + " even with every node up: it needs " + live + " live replicas but has " + replicas.size();
        }
        DownLimit limit = new DownLimit(group, tolerance, why);
        DownLimit known = tightest.get(limit.group());
        if (known == null || limit.maxDown() < known.maxDown()) {
            tightest.put(limit.group(), limit);
        }
    }

    private static List<String> sorted(List<NodeId> ids) {
        List<String> names = new ArrayList<>(ids.stream().map(NodeId::value).toList());
        Collections.sort(names);
        return names;
    }

    public List<DownLimit> limits() {
        return limits;
    }

    /** Why {@code down} may not be down together; empty when it may. */
    public List<String> violations(Set<NodeId> down) {
        List<String> reasons = new ArrayList<>();
        for (DownLimit limit : limits) {
            int n = limit.downIn(down);
            if (n > limit.maxDown()) {
                reasons.add(limit.why() + " (" + n + " would be down)");
            }
        }
        return reasons;
    }

    public boolean isSafe(Set<NodeId> down) {
        for (DownLimit limit : limits) {
            if (!limit.allows(down)) {
                return false;
            }
        }
        return true;
    }

    /** Limits that forbid even one node of their group to go down (RF = CL, EUNOMIA: no safe rolling change). */
    public List<DownLimit> zeroTolerance() {
        return limits.stream().filter(l -> l.maxDown() <= 0).toList();
    }

    /** This set of limits with every zero tolerance raised to one: one node at a time, knowingly unsafe. */
    AvailabilityConstraints relaxedToOneAtATime() {
        return new AvailabilityConstraints(limits.stream()
                .map(l -> l.maxDown() <= 0 ? new DownLimit(l.group(), 1, l.why()) : l).toList());
    }

    /** A lower bound on rounds: a group of g nodes with at most m down needs ⌈g/m⌉ rounds. */
    public int roundsLowerBound() {
        int bound = 1;
        for (DownLimit l : limits) {
            if (l.maxDown() > 0) {
                bound = Math.max(bound, (l.group().size() + l.maxDown() - 1) / l.maxDown());
            }
        }
        return bound;
    }
}
