package dev.ctuner.advisor.ingest;

import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.MessageCodec;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Kafka wiring of the advisor: one producer (commands and dead letters), one ingest consumer.
 * Off with {@code ctuner.advisor.kafka.enabled=false}; the registry then stays empty.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IngestProperties.class)
public class IngestConfiguration {

    @Bean
    ClusterRegistry clusterRegistry(IngestProperties properties) {
        return new ClusterRegistry(60, properties.maxNodes());
    }

    @Bean
    Topics topics(IngestProperties properties) {
        return new Topics(properties.topicPrefix());
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(prefix = "ctuner.advisor.kafka", name = "enabled", havingValue = "true", matchIfMissing = true)
    Producer<String, byte[]> kafkaProducer(IngestProperties properties) {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, properties.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                new StringSerializer(), new ByteArraySerializer());
    }

    @Bean(initMethod = "start", destroyMethod = "close")
    @ConditionalOnProperty(prefix = "ctuner.advisor.kafka", name = "enabled", havingValue = "true", matchIfMissing = true)
    IngestConsumer ingestConsumer(IngestProperties properties, Topics topics, ClusterRegistry registry, CommandResultStore results,
                                  ObservationStore observations, Producer<String, byte[]> producer, MeterRegistry meters,
                                  ObjectProvider<ResultListener> listeners, Clock clock) {
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, properties.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, properties.groupId(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200,
                ConsumerConfig.METADATA_MAX_AGE_CONFIG, 5_000), new StringDeserializer(), new ByteArrayDeserializer());
        IngestHandler handler = new IngestHandler(new MessageCodec(), registry, results, observations,
                new KafkaDeadLetters(producer, topics.dlq(), meters), meters, new IngestMeters(meters, clock),
                (ReportedResult r) -> listeners.forEach(l -> l.onResult(r)));
        return new IngestConsumer(consumer, topics, handler);
    }

    /** Told about each new command result, e.g. to wake the rollout orchestrator. */
    public interface ResultListener {
        void onResult(ReportedResult result);
    }
}
