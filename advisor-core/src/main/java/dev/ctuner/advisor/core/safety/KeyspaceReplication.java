package dev.ctuner.advisor.core.safety;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A keyspace's replication (RF per DC), the consistency level its applications need, and the
 * replicas of each of its token ranges.
 *
 * <pre>{@code
 * new KeyspaceReplication("shop", Map.of("dc1", 3), ConsistencyLevel.QUORUM, ranges);
 * }</pre>
 */
public record KeyspaceReplication(String name, Map<String, Integer> rfPerDc, ConsistencyLevel consistency,
                                  List<RangeReplicas> ranges) {

    public KeyspaceReplication {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(consistency, "consistency");
        rfPerDc = Map.copyOf(new TreeMap<>(rfPerDc));
        rfPerDc.forEach((dc, rf) -> {
            if (rf < 0) {
                throw new IllegalArgumentException("keyspace " + name + ": RF in " + dc + " must not be negative, was " + rf);
            }
        });
        if (rfPerDc.values().stream().mapToInt(Integer::intValue).sum() == 0) {
            throw new IllegalArgumentException("keyspace " + name + " has no replicas in any DC");
        }
        ranges = List.copyOf(ranges);
    }

    public ReplicaRequirement requirement() {
        return consistency.requirement(rfPerDc);
    }
}
