package dev.ctuner.advisor.ring;

import dev.ctuner.advisor.core.safety.RingAssembler;
import dev.ctuner.advisor.core.safety.RingAssembly;
import dev.ctuner.advisor.core.safety.RingReport;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;

/**
 * The ring of a cluster as its sidecars report it (the latest heartbeat of each node, with its
 * topology), assembled by {@link RingAssembler} with the operator's consistency settings.
 *
 * <pre>{@code
 * Ring ring = rings.require(new ClusterId("prod")).ring();  // or RingRefusedException with every reason
 * }</pre>
 */
@Service
@EnableConfigurationProperties({ConsistencyProperties.class, RingProperties.class})
public class ReportedRings {

    private final ClusterRegistry registry;
    private final ConsistencyProperties consistency;
    private final RingProperties properties;
    private final Clock clock;

    public ReportedRings(ClusterRegistry registry, ConsistencyProperties consistency, RingProperties properties, Clock clock) {
        this.registry = registry;
        this.consistency = consistency;
        this.properties = properties;
        this.clock = clock;
    }

    /** The assembled ring or the reasons there is none; never throws for a cluster's state. */
    public RingAssembly assemble(ClusterId cluster) {
        Instant now = clock.instant();
        List<RingReport> reports = registry.nodes(cluster).stream().filter(v -> v.status().isPresent())
                .map(v -> report(v, now)).toList();
        return RingAssembler.assemble(reports, consistency.toSettings(), properties.maxReportAge());
    }

    /** The assembled ring. @throws RingRefusedException with every reason when there is none */
    public RingAssembly.Assembled require(ClusterId cluster) {
        RingAssembly result = assemble(cluster);
        if (result instanceof RingAssembly.Refused refused) {
            throw new RingRefusedException(cluster, refused.reasons());
        }
        return (RingAssembly.Assembled) result;
    }

    /** Whether any sidecar has reported the cluster at all. */
    public boolean known(ClusterId cluster) {
        return !registry.nodes(cluster).isEmpty();
    }

    private static RingReport report(NodeView view, Instant now) {
        NodeStatus status = view.status().orElseThrow();
        Duration age = view.statusAt().map(at -> Duration.between(at, now)).orElse(Duration.ofDays(365));
        return new RingReport(view.nodeId(), Optional.ofNullable(status.topology()), Optional.ofNullable(status.schemaVersion()),
                age.isNegative() ? Duration.ZERO : age);
    }
}
