package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.List;
import java.util.Map;

/**
 * What {@link RingAssembler} answers: the ring the sidecars agree on, or every reason there is none.
 *
 * <pre>{@code
 * switch (assembler.assemble(reports, settings)) {
 *     case RingAssembly.Assembled a -> planner.plan(PlanRequest.allNodes(a.ring()));
 *     case RingAssembly.Refused r -> r.reasons();  // ["127.0.0.3 (host id ...), seen by 127.0.0.1, has no sidecar report"]
 * }
 * }</pre>
 */
public sealed interface RingAssembly {

    /**
     * @param ring    nodes in token order and every keyspace whose availability is kept
     * @param nodes   per node, what the ring was built from (host id, tokens)
     * @param skipped keyspaces left out of the ring, each with why
     */
    record Assembled(Ring ring, Map<NodeId, NodeFacts> nodes, Map<String, String> skipped) implements RingAssembly {
        public Assembled {
            nodes = Map.copyOf(nodes);
            skipped = Map.copyOf(skipped);
        }
    }

    /** One node of an assembled ring: its host id and the tokens it owns. */
    record NodeFacts(String hostId, List<Long> tokens) {
        public NodeFacts {
            tokens = List.copyOf(tokens);
        }
    }

    /** No ring: the reports are missing, stale, incomplete or disagree. Every reason, in a stable order. */
    record Refused(List<String> reasons) implements RingAssembly {
        public Refused {
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a refusal needs a reason");
            }
        }
    }
}
