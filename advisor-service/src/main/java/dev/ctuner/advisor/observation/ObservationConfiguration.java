package dev.ctuner.advisor.observation;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.common.catalog.KnobCatalog;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Stored observations: the read service and the retention. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ObservationProperties.class)
public class ObservationConfiguration {

    @Bean
    ObservationService observationService(ObservationStore store, ClusterRegistry registry, KnobCatalog catalog,
                                          ObservationProperties properties) {
        return new ObservationService(store, registry, catalog, properties);
    }

    @Bean(destroyMethod = "close")
    ObservationRetention observationRetention(ObservationStore store, ObservationProperties properties, Clock clock,
                                              MeterRegistry meters) {
        ObservationRetention retention = new ObservationRetention(store, properties.retention(), clock, meters);
        retention.start(properties.purgeInterval());
        return retention;
    }
}
