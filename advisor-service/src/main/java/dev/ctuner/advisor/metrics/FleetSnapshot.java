package dev.ctuner.advisor.metrics;

import dev.ctuner.advisor.store.FleetCounts.LastDecision;
import dev.ctuner.advisor.store.FleetCounts.LastVerification;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the advisor's metrics show at one refresh: per cluster the loop, its proposals, rollouts and
 * verifications, per node its last heartbeat, and the model in use. Plain data, read from the stores
 * by {@link FleetMetricsRefresher} and turned into gauges by {@link FleetMeters}.
 *
 * @param modelTrainedAt when the model in use was trained; empty while there is none
 * @param modelSamples   the samples it was trained on (0 without a model)
 */
public record FleetSnapshot(List<Cluster> clusters, Optional<Instant> modelTrainedAt, int modelSamples) {

    public FleetSnapshot {
        clusters = List.copyOf(clusters);
    }

    /**
     * One cluster.
     *
     * @param paused          whether its loop is paused; empty when it has no stored loop yet
     * @param loopUpdatedAt   when the loop was last changed (paused, resumed, policy)
     * @param recommendations state → count
     * @param rollouts        state → count
     * @param verdicts        verification verdict → count
     * @param verified        verified predictions (a verification with a prediction to compare)
     * @param missed          of those, missed by more than their own uncertainty
     * @param driftedKnobs    catalog knobs whose read-back values differ between the cluster's nodes; empty when
     *                        no node has reported a configuration recently
     */
    public record Cluster(String cluster, Optional<Boolean> paused, Optional<Instant> loopUpdatedAt, Optional<LastDecision> lastDecision,
                          Map<String, Integer> recommendations, Map<String, Integer> rollouts, Map<String, Integer> verdicts,
                          int verified, int missed, Optional<LastVerification> lastVerification, List<Node> nodes,
                          OptionalInt driftedKnobs) {

        public Cluster {
            recommendations = Map.copyOf(recommendations);
            rollouts = Map.copyOf(rollouts);
            verdicts = Map.copyOf(verdicts);
            nodes = List.copyOf(nodes);
        }
    }

    /** One node as its sidecar's heartbeats report it; dc and rack are "unknown" until a heartbeat carries its topology. */
    public record Node(String node, String dc, String rack, Optional<Instant> heartbeatAt) {
    }
}
