package dev.ctuner.advisor.core.safety;

import java.util.Map;
import java.util.TreeMap;

/**
 * How many replicas of every token range must stay live: either in total over all DCs, or per DC.
 *
 * <pre>{@code
 * ReplicaRequirement.total(2);                 // QUORUM with RF 3
 * ReplicaRequirement.perDc(Map.of("dc1", 2));  // LOCAL_QUORUM with RF 3 in dc1
 * }</pre>
 *
 * @param total live replicas needed over all DCs; 0 when the requirement is per DC
 * @param perDc live replicas needed in each DC; empty when the requirement is a total
 */
public record ReplicaRequirement(int total, Map<String, Integer> perDc) {

    public ReplicaRequirement {
        perDc = Map.copyOf(new TreeMap<>(perDc));
        if (total < 0 || (total > 0) == !perDc.isEmpty()) {
            throw new IllegalArgumentException("a requirement is either a positive total or per DC, was " + total + " " + perDc);
        }
    }

    public static ReplicaRequirement total(int live) {
        return new ReplicaRequirement(live, Map.of());
    }

    public static ReplicaRequirement perDc(Map<String, Integer> live) {
        return new ReplicaRequirement(0, live);
    }

    public boolean isPerDc() {
        return total == 0;
    }
}
