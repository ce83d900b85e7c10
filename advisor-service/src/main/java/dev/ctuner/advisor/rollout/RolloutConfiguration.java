package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.MessageCodec;
import java.time.Clock;
import org.apache.kafka.clients.producer.Producer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The orchestrator and what it needs; only with Kafka, since commands go nowhere else (its settings: CoreConfiguration). */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "ctuner.advisor.kafka", name = "enabled", havingValue = "true", matchIfMissing = true)
public class RolloutConfiguration {

    @Bean
    CommandFactory commandFactory(RolloutProperties properties) {
        MessageCodec codec = new MessageCodec();
        CommandSigner signer = new CommandSigner(SigningKeys.loadOrCreate(properties.signingKeyFile(), properties.publicKeyFile()), codec);
        return new CommandFactory(signer, codec, properties.healthTimeout(), properties.commandExpiry());
    }

    @Bean
    RolloutDriver rolloutDriver(RolloutStore store, RecommendationService recommendations, CommandResultStore results,
                                ClusterRegistry registry, CommandFactory commands, Producer<String, byte[]> producer, Topics topics,
                                RolloutProperties properties, Clock clock, PlatformTransactionManager transactions,
                                RolloutMeters meters, LeaderGate leadership) {
        return new RolloutDriver(store, recommendations, results, registry, commands,
                new FencedCommandSender(new KafkaCommandSender(producer, topics.commands()), leadership, commands),
                properties, clock, new TransactionTemplate(transactions), meters);
    }

    @Bean(destroyMethod = "close")
    RolloutOrchestrator rolloutOrchestrator(RolloutStore store, RolloutDriver driver, RolloutProperties properties,
                                            LeaderGate leadership, ClusterRegistry registry) {
        RolloutOrchestrator orchestrator = new RolloutOrchestrator(store, driver, properties.tick(), leadership);
        // A heartbeat a changed node's verification waits for moves the rollout on at once, not at the next tick.
        registry.onStatus((cluster, node) -> {
            if (driver.awaitsHeartbeat(cluster, node)) {
                orchestrator.wake();
            }
        });
        return orchestrator;
    }
}
