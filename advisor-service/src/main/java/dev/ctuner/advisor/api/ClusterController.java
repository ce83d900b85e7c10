package dev.ctuner.advisor.api;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The clusters and nodes the sidecars report on, as the advisor last heard them.
 *
 * <pre>
 * GET /api/v1/clusters                 ["prod"]
 * GET /api/v1/clusters/prod/nodes      [{"nodeId":"10.0.0.1","state":"UP_NORMAL","reachable":true,...}]
 * </pre>
 */
@RestController
public class ClusterController {

    private final ClusterRegistry registry;

    public ClusterController(ClusterRegistry registry) {
        this.registry = registry;
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
