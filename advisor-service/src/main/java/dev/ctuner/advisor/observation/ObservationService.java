package dev.ctuner.advisor.observation;

import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.core.observation.ConfigurationDrift;
import dev.ctuner.advisor.core.observation.DriftReport;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.Observation;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the advisor observed of a cluster: its stored samples, its series of sampling windows and
 * the configuration drift between its nodes. A cluster nothing was ever stored or heard of is
 * unknown ({@link NotFoundException}).
 *
 * <pre>{@code
 * service.samples(new SampleQuery(cluster, Optional.empty(), from, to, 100));
 * service.drift(cluster).report().hasDrift();
 * }</pre>
 */
public class ObservationService {

    private final ObservationStore store;
    private final ClusterRegistry registry;
    private final ConfigurationDrift drift;
    private final ObservationProperties properties;

    public ObservationService(ObservationStore store, ClusterRegistry registry, KnobCatalog catalog,
                              ObservationProperties properties) {
        this.store = store;
        this.registry = registry;
        this.drift = new ConfigurationDrift(catalog);
        this.properties = properties;
    }

    /** The samples the query selects, newest first. */
    public List<Observation> samples(SampleQuery q) {
        requireKnown(q.cluster());
        return store.samples(q.cluster(), q.node(), q.range().from(), q.range().to(), q.limit());
    }

    /** The cluster's windows in the range, oldest first. */
    public List<ClusterWindow> series(ClusterId cluster, TimeRange range, Duration step) {
        requireKnown(cluster);
        return store.series(cluster, range.from(), range.to(), step);
    }

    /** The step of a series when the request names none. */
    public Duration defaultStep() {
        return properties.seriesStep();
    }

    /** The drift between the cluster's nodes, from each recent node's latest sample. */
    public Drift drift(ClusterId cluster) {
        requireKnown(cluster);
        Map<NodeId, Observation> latest = store.latestPerNode(cluster, properties.driftMaxAge());
        Map<NodeId, Map<String, String>> readBack = new LinkedHashMap<>();
        latest.forEach((node, o) -> readBack.put(node, o.sample().configuration().values()));
        return new Drift(List.copyOf(latest.values()), drift.detect(readBack));
    }

    private void requireKnown(ClusterId cluster) {
        if (!store.knows(cluster) && registry.nodes(cluster).isEmpty()) {
            throw new NotFoundException("cluster", cluster.value() + " (no sample is stored and no sidecar reported on it)");
        }
    }

    /** [from, to) on the window end. */
    public record TimeRange(java.time.Instant from, java.time.Instant to) {
    }

    /** Samples of a cluster (of one node, when given) in a range, at most {@code limit}. */
    public record SampleQuery(ClusterId cluster, Optional<NodeId> node, TimeRange range, int limit) {
    }

    /** The drift report with the samples it was computed from (each node's latest). */
    public record Drift(List<Observation> latest, DriftReport report) {
    }
}
