package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * The replicas of one token range of one keyspace, as {@code nodetool describering} lists them.
 *
 * <pre>{@code
 * new RangeReplicas("(-9223372036854775808,0]", List.of(new NodeId("n1"), new NodeId("n2"), new NodeId("n3")));
 * }</pre>
 */
public record RangeReplicas(String range, List<NodeId> replicas) {

    public RangeReplicas {
        Objects.requireNonNull(range, "range");
        replicas = List.copyOf(replicas);
        if (new HashSet<>(replicas).size() != replicas.size()) {
            throw new IllegalArgumentException("range " + range + " lists a replica twice: " + replicas);
        }
    }
}
