package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.Objects;

/**
 * One Cassandra node of a ring with its placement.
 *
 * <pre>{@code
 * new RingNode(new NodeId("n1"), "dc1", "rack1");
 * }</pre>
 */
public record RingNode(NodeId id, String dc, String rack) {

    public RingNode {
        Objects.requireNonNull(id, "id");
        if (dc == null || dc.isBlank() || rack == null || rack.isBlank()) {
            throw new IllegalArgumentException("node " + id + " needs a DC and a rack, was dc=" + dc + " rack=" + rack);
        }
    }

    public static RingNode of(String id, String dc, String rack) {
        return new RingNode(new NodeId(id), dc, rack);
    }
}
