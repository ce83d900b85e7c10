package dev.ctuner.advisor.api;

import dev.ctuner.advisor.core.safety.RingAssembly;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The clusters and nodes the sidecars report on, as the advisor last heard them.
 *
 * <pre>
 * GET /api/v1/clusters                 ["prod"]
 * GET /api/v1/clusters/prod/nodes      [{"nodeId":"10.0.0.1","state":"UP_NORMAL","reachable":true,...}]
 * GET /api/v1/clusters/prod/ring       {"assembled":true,"nodes":[{"nodeId":"10.0.0.1","dc":"dc1","rack":"r1","tokens":16,...}],
 *                                       "keyspaces":[{"name":"shop","replication":{"dc1":3},"consistency":"LOCAL_QUORUM",...}]}
 * </pre>
 */
@RestController
public class ClusterController {

    private final ClusterRegistry registry;
    private final ReportedRings rings;

    public ClusterController(ClusterRegistry registry, ReportedRings rings) {
        this.registry = registry;
        this.rings = rings;
    }

    /**
     * A node of the assembled ring: its sidecar's node id, Cassandra host id, placement and token count;
     * {@code tokenList} only when asked for ({@code ?withTokens=true}), as a ring of 256 vnodes per node is long.
     */
    public record RingNodeView(String nodeId, String hostId, String dc, String rack, int tokens, List<Long> tokenList) {
    }

    /** A keyspace whose availability rollouts keep: RF per DC ("*": SimpleStrategy over all DCs), its level. */
    public record KeyspaceView(String name, Map<String, Integer> replication, String consistency, int ranges) {
    }

    /**
     * The ring rollouts of this cluster are planned on, or why there is none.
     *
     * @param assembled false when the sidecars' reports give no ring; {@code reasons} says why
     * @param skipped   keyspaces left out of the ring, each with why
     */
    public record RingView(String clusterId, boolean assembled, List<String> reasons, List<RingNodeView> nodes,
                           List<KeyspaceView> keyspaces, Map<String, String> skipped) {

        static RingView of(ClusterId cluster, RingAssembly assembly, boolean withTokens) {
            if (assembly instanceof RingAssembly.Refused refused) {
                return new RingView(cluster.value(), false, refused.reasons(), List.of(), List.of(), Map.of());
            }
            RingAssembly.Assembled a = (RingAssembly.Assembled) assembly;
            List<RingNodeView> nodes = a.ring().nodes().stream().map(n -> {
                RingAssembly.NodeFacts facts = a.nodes().get(n.id());
                return new RingNodeView(n.id().value(), facts.hostId(), n.dc(), n.rack(), facts.tokens().size(),
                        withTokens ? facts.tokens() : null);
            }).toList();
            List<KeyspaceView> keyspaces = a.ring().keyspaces().stream().map(k -> new KeyspaceView(k.name(),
                    new TreeMap<>(k.rfPerDc()), k.consistency().name(), k.ranges().size())).toList();
            return new RingView(cluster.value(), true, List.of(), nodes, keyspaces, new TreeMap<>(a.skipped()));
        }
    }

    /** 200 with the ring, or with {@code assembled=false} and every reason; 404 when no sidecar reported the cluster. */
    @GetMapping("/api/v1/clusters/{id}/ring")
    public RingView ring(@PathVariable String id, @RequestParam(defaultValue = "false") boolean withTokens) {
        ClusterId cluster = new ClusterId(id);
        if (!rings.known(cluster)) {
            throw new NotFoundException("cluster", id);
        }
        return RingView.of(cluster, rings.assemble(cluster), withTokens);
    }

    /** One node's latest heartbeat; fields are null when nothing was heard yet. */
    public record NodeSummary(String nodeId, String state, Boolean reachable, String schemaVersion, Long hintsPending,
                              Integer activeStreams, Long uptimeSeconds, Instant statusAt, int recentSamples) {

        static NodeSummary of(NodeView v) {
            var s = v.status();
            return new NodeSummary(v.nodeId().value(), s.map(x -> x.state().name()).orElse(null), s.map(x -> x.reachable()).orElse(null),
                    s.map(x -> x.schemaVersion()).orElse(null), s.map(x -> x.hintsPending()).orElse(null),
                    s.map(x -> x.activeStreams()).orElse(null), s.map(x -> x.uptimeSeconds()).orElse(null),
                    v.statusAt().orElse(null), v.samples().size());
        }
    }

    @GetMapping("/api/v1/clusters")
    public List<String> clusters() {
        return registry.clusters().stream().map(ClusterId::value).toList();
    }

    @GetMapping("/api/v1/clusters/{id}/nodes")
    public List<NodeSummary> nodes(@PathVariable String id) {
        return registry.nodes(new ClusterId(id)).stream().map(NodeSummary::of).toList();
    }
}
