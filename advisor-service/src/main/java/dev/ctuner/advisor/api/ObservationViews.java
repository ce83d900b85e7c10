package dev.ctuner.advisor.api;

import dev.ctuner.advisor.core.forecast.Operation;
import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.core.observation.DriftReport;
import dev.ctuner.advisor.observation.ObservationService;
import dev.ctuner.advisor.store.Observation;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.ConfigurationSnapshot;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.Performance;
import dev.ctuner.common.protocol.message.TableOperations;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** JSON views of stored observations, cluster windows and drift. */
final class ObservationViews {

    private ObservationViews() {
    }

    /** One stored sample, as the sidecar sent it. */
    record ObservationView(UUID messageId, String nodeId, Instant sentAt, Instant windowStart, Instant windowEnd,
                           OperationCounts operations, Double readRatio, KeyReuseSummary keyReuse, Performance performance,
                           ConfigurationSnapshot configuration, List<TableOperations> tables, List<String> unknownMetrics) {

        static ObservationView of(Observation o) {
            var s = o.sample();
            return new ObservationView(o.messageId(), o.nodeId().value(), o.sentAt(), s.windowStart(), s.windowEnd(),
                    s.operations(), s.readRatio(), s.keyReuse(), s.performance(), s.configuration(), s.tables(),
                    s.unknownMetrics());
        }
    }

    record ObservationsView(String clusterId, String nodeId, Instant from, Instant to, int limit,
                            List<ObservationView> observations) {
    }

    /** One point of the series; {@code mix} is the forecaster's operation mix (absent when nothing ran). */
    record WindowView(Instant start, Instant end, List<String> nodes, OperationCounts operations, Double readRatio,
                      Map<String, Double> mix, double opsPerSecond, Double p99ReadMicros, Double p99WriteMicros,
                      List<String> fingerprints, boolean uniformConfiguration) {

        static WindowView of(ClusterWindow w) {
            Map<String, Double> mix = w.workload().map(v -> {
                Map<String, Double> m = new LinkedHashMap<>();
                for (Operation op : Operation.values()) {
                    m.put(op.name(), v.proportion(op));
                }
                return m;
            }).orElse(null);
            return new WindowView(w.start(), w.end(), w.nodes().stream().map(NodeId::value).toList(), w.operations(),
                    w.readRatio(), mix, w.opsPerSecond(), w.p99ReadMicros(), w.p99WriteMicros(), List.copyOf(w.fingerprints()),
                    w.uniformConfiguration());
        }
    }

    /**
     * @param aggregation how a window is built from the nodes' samples
     */
    record SeriesView(String clusterId, Instant from, Instant to, long stepSeconds, String aggregation,
                      List<WindowView> windows) {
    }

    static final String AGGREGATION = "one window per step (aligned to multiples of the step since the epoch) holding the node"
            + " samples whose window midpoint falls in it; operations and opsPerSecond summed over nodes (mix and readRatio"
            + " weighted by operations); p99ReadMicros and p99WriteMicros are the worst node's (coordinator latency)";

    /** The sample each node's configuration was taken from. */
    record NodeConfiguration(String nodeId, Instant windowEnd, String fingerprint) {
    }

    record KnobDriftView(String knob, Map<String, String> values, List<String> unknownOn) {
    }

    record DriftView(String clusterId, boolean drift, List<NodeConfiguration> nodes, List<KnobDriftView> drifted,
                     Map<String, List<String>> unreported) {

        static DriftView of(String cluster, ObservationService.Drift d) {
            DriftReport r = d.report();
            List<NodeConfiguration> nodes = d.latest().stream().map(o -> new NodeConfiguration(o.nodeId().value(),
                    o.sample().windowEnd(), o.sample().configuration().fingerprint())).toList();
            List<KnobDriftView> drifted = r.drifted().stream().map(k -> {
                Map<String, String> values = new LinkedHashMap<>();
                k.values().forEach((n, v) -> values.put(n.value(), v));
                return new KnobDriftView(k.knob().value(), values, k.unknownOn().stream().map(NodeId::value).toList());
            }).toList();
            Map<String, List<String>> unreported = new LinkedHashMap<>();
            r.unreported().forEach((n, knobs) -> unreported.put(n.value(), knobs.stream().map(k -> k.value()).toList()));
            return new DriftView(cluster, r.hasDrift(), nodes, drifted, unreported);
        }
    }
}
