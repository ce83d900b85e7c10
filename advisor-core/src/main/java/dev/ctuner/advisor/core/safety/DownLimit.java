package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.Comparator;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * At most {@code maxDown} nodes of {@code group} may be down at once, because together they hold
 * replicas of a range whose consistency level must stay satisfiable. {@code why} names the
 * keyspace, range and level, for a refusal an operator can act on.
 *
 * <pre>{@code
 * // EUNOMIA section 5.6: |replicas ∩ B| ≤ RF − CL, here RF 3 and QUORUM (2)
 * new DownLimit(Set.of(n1, n2, n3), 1, "keyspace shop range (0,100] needs QUORUM: 2 of 3 live");
 * }</pre>
 */
public record DownLimit(SortedSet<NodeId> group, int maxDown, String why) {

    /** Orders node ids by their text, so that plans and messages are stable. */
    public static final Comparator<NodeId> BY_ID = Comparator.comparing(NodeId::value);

    public DownLimit {
        SortedSet<NodeId> sorted = new TreeSet<>(BY_ID);
        sorted.addAll(group);
        group = java.util.Collections.unmodifiableSortedSet(sorted);
    }

    public DownLimit(Set<NodeId> group, int maxDown, String why) {
        this(sortedOf(group), maxDown, why);
    }

    private static SortedSet<NodeId> sortedOf(Set<NodeId> nodes) {
        SortedSet<NodeId> sorted = new TreeSet<>(BY_ID);
        sorted.addAll(nodes);
        return sorted;
    }

    /** How many of {@code down} fall in this group. */
    public int downIn(Set<NodeId> down) {
        int n = 0;
        for (NodeId id : group) {
            if (down.contains(id)) {
                n++;
            }
        }
        return n;
    }

    public boolean allows(Set<NodeId> down) {
        return downIn(down) <= maxDown;
    }
}
