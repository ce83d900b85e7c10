package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * An independent check, written from Cassandra's definition of the levels and not from the
 * planner's code: with {@code down} down, can every range of every keyspace still be served?
 */
final class AvailabilityOracle {

    private AvailabilityOracle() {
    }

    static boolean servable(Ring ring, Set<NodeId> down) {
        Map<NodeId, String> dcOf = new HashMap<>();
        ring.nodes().forEach(n -> dcOf.put(n.id(), n.dc()));
        for (KeyspaceReplication ks : ring.keyspaces()) {
            for (RangeReplicas range : ks.ranges()) {
                Map<String, Integer> live = new HashMap<>();
                int liveTotal = 0;
                for (NodeId r : range.replicas()) {
                    if (!down.contains(r)) {
                        live.merge(dcOf.get(r), 1, Integer::sum);
                        liveTotal++;
                    }
                }
                int rfTotal = ks.rfPerDc().values().stream().mapToInt(Integer::intValue).sum();
                boolean ok;
                switch (ks.consistency()) {
                    case ONE -> ok = liveTotal >= 1;
                    case TWO -> ok = liveTotal >= 2;
                    case THREE -> ok = liveTotal >= 3;
                    case QUORUM -> ok = liveTotal > rfTotal / 2;
                    case ALL -> ok = liveTotal >= rfTotal;
                    default -> {
                        ok = true;
                        for (Map.Entry<String, Integer> dc : ks.rfPerDc().entrySet()) {
                            int need = ks.consistency() == ConsistencyLevel.LOCAL_ONE ? 1 : dc.getValue() / 2 + 1;
                            if (dc.getValue() > 0 && live.getOrDefault(dc.getKey(), 0) < need) {
                                ok = false;
                            }
                        }
                    }
                }
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }
}
