package dev.ctuner.advisor.core.safety;

import java.util.Map;
import java.util.TreeMap;

/**
 * The consistency level an application uses against a keyspace, and the live replicas it needs.
 * SERIAL levels are not listed: they need a quorum like QUORUM / LOCAL_QUORUM.
 *
 * <pre>{@code
 * ConsistencyLevel.QUORUM.requirement(Map.of("dc1", 3, "dc2", 3));        // 4 live of all 6 replicas
 * ConsistencyLevel.LOCAL_QUORUM.requirement(Map.of("dc1", 3, "dc2", 3));  // 2 live in dc1 and 2 in dc2
 * }</pre>
 */
public enum ConsistencyLevel {
    ONE, TWO, THREE, QUORUM, ALL,
    /** Needs a quorum in the coordinator's DC. Any DC may be some client's local DC, so every DC with replicas is held to it. */
    LOCAL_QUORUM,
    /** Needs a quorum in every DC. */
    EACH_QUORUM,
    /** Needs one replica in the coordinator's DC; held for every DC as for LOCAL_QUORUM. */
    LOCAL_ONE;

    /** Live replicas this level needs for a keyspace replicated {@code rfPerDc} (DC name → RF). */
    public ReplicaRequirement requirement(Map<String, Integer> rfPerDc) {
        int total = rfPerDc.values().stream().mapToInt(Integer::intValue).sum();
        switch (this) {
            case ONE:
                return ReplicaRequirement.total(1);
            case TWO:
                return ReplicaRequirement.total(2);
            case THREE:
                return ReplicaRequirement.total(3);
            case QUORUM:
                return ReplicaRequirement.total(total / 2 + 1);
            case ALL:
                return ReplicaRequirement.total(total);
            case LOCAL_QUORUM:
            case EACH_QUORUM:
                return ReplicaRequirement.perDc(perDc(rfPerDc, true));
            case LOCAL_ONE:
                return ReplicaRequirement.perDc(perDc(rfPerDc, false));
            default:
                throw new IllegalStateException("unhandled consistency level " + this);
        }
    }

    private static Map<String, Integer> perDc(Map<String, Integer> rfPerDc, boolean quorum) {
        Map<String, Integer> needed = new TreeMap<>();
        rfPerDc.forEach((dc, rf) -> {
            if (rf > 0) {
                needed.put(dc, quorum ? rf / 2 + 1 : 1);
            }
        });
        return needed;
    }
}
