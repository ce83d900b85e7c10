package dev.ctuner.advisor.metrics;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.store.FleetCounts;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.message.NodeTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the stores and the registry of reporting nodes into a {@link FleetSnapshot} every
 * {@code period} and hands it to {@link FleetMeters}, on its own daemon thread: a scrape never
 * waits on the database. A failed refresh is logged and the gauges keep their last values.
 */
public final class FleetMetricsRefresher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(FleetMetricsRefresher.class);

    private final FleetCounts counts;
    private final TuningLoopStore loops;
    private final ClusterRegistry registry;
    private final LearningService learning;
    private final Consumer<FleetSnapshot> meters;
    private final Function<ClusterId, OptionalInt> drift;
    private final Duration period;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fleet-metrics");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param meters what takes each snapshot ({@link FleetMeters#update}, and the rollout meters' clusters)
     * @param drift  how many knobs differ between the cluster's nodes (empty when none reported a configuration lately)
     */
    public FleetMetricsRefresher(FleetCounts counts, TuningLoopStore loops, ClusterRegistry registry, LearningService learning,
                                 Consumer<FleetSnapshot> meters, Function<ClusterId, OptionalInt> drift, Duration period) {
        this.drift = drift;
        this.counts = counts;
        this.loops = loops;
        this.registry = registry;
        this.learning = learning;
        this.meters = meters;
        this.period = period;
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::safeRefresh, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void safeRefresh() {
        try {
            meters.accept(snapshot());
        } catch (RuntimeException e) {
            log.warn("advisor metrics: refresh failed ({}); the gauges keep their last values", e.toString());
        }
    }

    /** The fleet as the stores and the registry show it now. */
    FleetSnapshot snapshot() {
        Map<String, TuningLoop> loopsByCluster = loops.all().stream().collect(Collectors.toMap(l -> l.clusterId().value(), Function.identity()));
        TreeSet<String> clusters = new TreeSet<>(loopsByCluster.keySet());
        registry.clusters().forEach(c -> clusters.add(c.value()));
        var recommendations = counts.recommendations();
        var rollouts = counts.rollouts();
        var verdicts = counts.verifications();
        var health = counts.predictionHealth();
        var lastVerifications = counts.lastVerifications();
        var lastDecisions = counts.lastDecisions();
        List<FleetSnapshot.Cluster> figures = new ArrayList<>();
        for (String cluster : clusters) {
            Optional<TuningLoop> loop = Optional.ofNullable(loopsByCluster.get(cluster));
            int[] h = health.getOrDefault(cluster, new int[] {0, 0});
            figures.add(new FleetSnapshot.Cluster(cluster, loop.map(TuningLoop::paused), loop.map(TuningLoop::updatedAt),
                    Optional.ofNullable(lastDecisions.get(cluster)), recommendations.getOrDefault(cluster, Map.of()),
                    rollouts.getOrDefault(cluster, Map.of()), verdicts.getOrDefault(cluster, Map.of()), h[0], h[1],
                    Optional.ofNullable(lastVerifications.get(cluster)), nodes(new ClusterId(cluster)), drift.apply(new ClusterId(cluster))));
        }
        var model = learning.current();
        return new FleetSnapshot(figures, model.map(m -> m.provenance().trainedAt()), model.map(m -> m.provenance().samples()).orElse(0));
    }

    private List<FleetSnapshot.Node> nodes(ClusterId cluster) {
        return registry.nodes(cluster).stream().map(FleetMetricsRefresher::node).toList();
    }

    private static FleetSnapshot.Node node(NodeView v) {
        Optional<NodeTopology> topology = v.status().map(s -> s.topology());
        return new FleetSnapshot.Node(v.nodeId().value(), topology.map(NodeTopology::dc).orElse("unknown"),
                topology.map(NodeTopology::rack).orElse("unknown"), v.statusAt());
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
