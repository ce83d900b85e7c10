package dev.ctuner.advisor.config;

import dev.ctuner.advisor.core.safety.SafeRoundPlanner;
import dev.ctuner.advisor.core.vetting.Vetting;
import dev.ctuner.advisor.rollout.RolloutProperties;
import dev.ctuner.advisor.store.H2Durability;
import dev.ctuner.common.catalog.KnobCatalog;

import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The pure core's objects as beans, and the one clock the adapters read. The rollout settings are bound
 * here too, with or without Kafka: the pages judge a node's heartbeat by the same age the pre-checks use.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({VettingProperties.class, AdvisorSecurityProperties.class, RolloutProperties.class})
public class CoreConfiguration {

    @Bean
    KnobCatalog knobCatalog() {
        return KnobCatalog.cassandra50();
    }

    @Bean
    Vetting vetting(KnobCatalog catalog) {
        return Vetting.standard(catalog);
    }

    @Bean
    SafeRoundPlanner safeRoundPlanner() {
        return new SafeRoundPlanner();
    }

    /** Static: a post-processor must exist before the data source it prepares. */
    @Bean
    static H2Durability h2Durability() {
        return new H2Durability();
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
