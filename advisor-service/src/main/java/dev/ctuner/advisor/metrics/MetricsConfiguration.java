package dev.ctuner.advisor.metrics;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.store.FleetCounts;
import dev.ctuner.advisor.store.TuningLoopStore;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
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

    @Bean(initMethod = "start", destroyMethod = "close")
    FleetMetricsRefresher fleetMetricsRefresher(FleetCounts counts, TuningLoopStore loops, ClusterRegistry registry,
                                                LearningService learning, FleetMeters meters) {
        return new FleetMetricsRefresher(counts, loops, registry, learning, meters, REFRESH);
    }
}
