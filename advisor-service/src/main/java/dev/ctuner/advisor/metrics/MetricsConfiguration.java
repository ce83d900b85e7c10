package dev.ctuner.advisor.metrics;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.observation.ObservationService;
import dev.ctuner.advisor.rollout.RolloutMeters;
import dev.ctuner.advisor.store.FleetCounts;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.common.protocol.ClusterId;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.OptionalInt;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The advisor's per-cluster gauges, refreshed from the stores every 15 s (Prometheus' usual scrape interval). */
@Configuration(proxyBeanMethods = false)
public class MetricsConfiguration {

    static final Duration REFRESH = Duration.ofSeconds(15);

    @Bean
    FleetMeters fleetMeters(MeterRegistry registry, Clock clock) {
        return new FleetMeters(registry, clock);
    }

    @Bean
    RolloutMeters rolloutMeters(MeterRegistry registry) {
        return new RolloutMeters(registry);
    }

    @Bean(initMethod = "start", destroyMethod = "close")
    FleetMetricsRefresher fleetMetricsRefresher(FleetCounts counts, TuningLoopStore loops, ClusterRegistry registry,
                                                LearningService learning, FleetMeters meters, ObservationService observations,
                                                RolloutMeters rolloutMeters) {
        return new FleetMetricsRefresher(counts, loops, registry, learning, snapshot -> {
            snapshot.clusters().forEach(c -> rolloutMeters.cluster(c.cluster()));
            meters.update(snapshot);
        }, cluster -> driftedKnobs(observations, cluster), REFRESH);
    }

    /** Knobs with different values on the cluster's nodes; empty when the cluster has no recent samples. */
    static OptionalInt driftedKnobs(ObservationService observations, ClusterId cluster) {
        try {
            ObservationService.Drift drift = observations.drift(cluster);
            return drift.latest().isEmpty() ? OptionalInt.empty() : OptionalInt.of(drift.report().drifted().size());
        } catch (RuntimeException e) {   // a cluster with a stored loop that no sidecar reports since the advisor started
            return OptionalInt.empty();
        }
    }
}
