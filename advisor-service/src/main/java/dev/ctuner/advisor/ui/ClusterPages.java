package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.observation.ObservationService;
import dev.ctuner.advisor.observation.ObservationService.TimeRange;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.rollout.RolloutProperties;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.advisor.store.VerificationStore;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * The clusters the sidecars report, and one cluster in detail: nodes, the ring rollouts are planned
 * on (or why there is none), configuration drift, workload and latency over the last hour as charts,
 * and its tuning loop with its verifications and how its predictions fared. {@code /live} renders only the part
 * of the page that changes, which ui.js fetches every few seconds.
 *
 * <pre>
 * GET /ui/clusters
 * GET /ui/clusters/prod          GET /ui/clusters/prod/live   (fragment)
 * </pre>
 */
@Controller
public class ClusterPages {

    static final Duration CHART_RANGE = Duration.ofHours(1);
    static final int DECISIONS_SHOWN = 10;
    static final int VERIFICATIONS_SHOWN = 10;

    private final ClusterRegistry registry;
    private final ObservationService observations;
    private final TuningLoopService loops;
    /** Heartbeats older than this are stale: the rollout pre-checks' bound, 30 s when rollouts are off (no Kafka). */
    private final Duration maxStatusAge;
    private final Clock clock;
    private final ReportedRings rings;
    private final VerificationStore verifications;

    public ClusterPages(ClusterRegistry registry, ObservationService observations, TuningLoopService loops,
                        ObjectProvider<RolloutProperties> rollout, Clock clock, ReportedRings rings, VerificationStore verifications) {
        this.rings = rings;
        this.verifications = verifications;
        this.registry = registry;
        this.observations = observations;
        this.loops = loops;
        RolloutProperties properties = rollout.getIfAvailable();
        this.maxStatusAge = properties == null ? Duration.ofSeconds(30) : properties.maxStatusAge();
        this.clock = clock;
    }

    /** A cluster on the list: its nodes and its loop state (empty when the loop cannot be read). */
    public record ClusterSummary(String id, List<NodeRow> nodes, long healthy, boolean schemaDisagreement,
                                 Optional<TuningLoop> loop) {
    }

    @GetMapping("/ui/clusters")
    public String clusters(Model model) {
        Instant now = clock.instant();
        List<ClusterSummary> clusters = new ArrayList<>();
        for (ClusterId id : registry.clusters()) {
            List<NodeRow> nodes = nodes(id, now);
            clusters.add(new ClusterSummary(id.value(), nodes, nodes.stream().filter(NodeRow::healthy).count(),
                    NodeRow.schemaDisagreement(nodes), loop(id)));
        }
        model.addAttribute("clusters", clusters);
        model.addAttribute("maxStatusAge", maxStatusAge.toSeconds());
        return "ui/clusters";
    }

    @GetMapping("/ui/clusters/{id}")
    public String cluster(@PathVariable String id, Model model) {
        fill(new ClusterId(id), model);
        return "ui/cluster";
    }

    @GetMapping("/ui/clusters/{id}/live")
    public String live(@PathVariable String id, Model model) {
        fill(new ClusterId(id), model);
        return "ui/cluster :: live";
    }

    private void fill(ClusterId cluster, Model model) {
        Instant now = clock.instant();
        ObservationService.Drift drift = observations.drift(cluster); // 404 for a cluster nobody reported or stored
        TimeRange range = new TimeRange(now.minus(CHART_RANGE), now);
        List<ClusterWindow> series = observations.series(cluster, range, observations.defaultStep());
        List<NodeRow> nodes = nodes(cluster, now);
        model.addAttribute("clusterId", cluster.value());
        model.addAttribute("nodes", nodes);
        model.addAttribute("healthy", nodes.stream().filter(NodeRow::healthy).count());
        model.addAttribute("schemaDisagreement", NodeRow.schemaDisagreement(nodes));
        model.addAttribute("maxStatusAge", maxStatusAge.toSeconds());
        model.addAttribute("drift", drift.report());
        model.addAttribute("driftNodes", drift.latest().size());
        model.addAttribute("latest", series.isEmpty() ? null : series.get(series.size() - 1));
        model.addAttribute("charts", WorkloadCharts.of(series, range));
        Optional<TuningLoop> loop = loop(cluster);
        model.addAttribute("loop", loop.orElse(null));
        model.addAttribute("policy", loop.map(l -> TuningLoopStore.describe(l.policy())).orElse(null));
        model.addAttribute("decisions", loop.isPresent() ? loops.decisions(cluster, DECISIONS_SHOWN) : List.of());
        model.addAttribute("loopAudit", loop.isPresent() ? loops.auditTrail(cluster, 5) : List.of());
        model.addAttribute("ring", rings.known(cluster) ? RingRows.of(rings.assemble(cluster)) : null);
        model.addAttribute("verifications", verifications.forCluster(cluster, VERIFICATIONS_SHOWN).stream().map(VerificationRow::of).toList());
        int[] health = verifications.predictionHealth(cluster);
        model.addAttribute("verifiedPredictions", health[0]);
        model.addAttribute("missedPredictions", health[1]);
        model.addAttribute("updatedAt", now);
    }

    private List<NodeRow> nodes(ClusterId cluster, Instant now) {
        return registry.nodes(cluster).stream().map(v -> NodeRow.of(v, now, maxStatusAge)).toList();
    }

    /** The loop, or empty for a cluster known only from stored samples (no sidecar reports it now). */
    private Optional<TuningLoop> loop(ClusterId cluster) {
        try {
            return Optional.of(loops.get(cluster));
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }
}
