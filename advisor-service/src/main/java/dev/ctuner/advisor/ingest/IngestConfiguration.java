package dev.ctuner.advisor.ingest;

import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.common.kafka.KafkaClientSettings;
import dev.ctuner.common.protocol.Envelope;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Kafka wiring of the advisor: one producer (commands and dead letters), one ingest consumer, both
 * configured by Spring Boot's {@code spring.kafka.*} (brokers, TLS, SASL) under the settings the
 * advisor's guarantees rest on (acks=all, idempotence, manual commits, its group). Off with {@code ctuner.advisor.kafka.enabled=false}; the registry then stays empty.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IngestProperties.class)
public class IngestConfiguration {

    private static final Logger log = LoggerFactory.getLogger(IngestConfiguration.class);

    @Bean
    ClusterRegistry clusterRegistry(IngestProperties properties) {
        return new ClusterRegistry(60, properties.maxNodes());
    }

    @Bean
    Topics topics(IngestProperties properties) {
        return new Topics(properties.topicPrefix());
    }

    /** Spring Boot's {@code spring.kafka.*} (TLS, SASL, any client property) under the advisor's fixed settings. */
    @Bean
    KafkaClientSettings kafkaClientSettings(KafkaProperties spring, IngestProperties properties) {
        KafkaClientSettings settings = KafkaClientSettings.of(spring.buildProducerProperties(), spring.buildConsumerProperties(),
                spring.buildAdminProperties(), properties.bootstrapServers());
        if (properties.enabled()) {
            log.info("Kafka clients: {}", settings.summary());
        }
        return settings;
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(prefix = "ctuner.advisor.kafka", name = "enabled", havingValue = "true", matchIfMissing = true)
    Producer<String, byte[]> kafkaProducer(KafkaClientSettings kafka) {
        return new KafkaProducer<>(kafka.producer(Map.of(ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000)),
                new StringSerializer(), new ByteArraySerializer());
    }

    @Bean(initMethod = "start", destroyMethod = "close")
    @ConditionalOnProperty(prefix = "ctuner.advisor.kafka", name = "enabled", havingValue = "true", matchIfMissing = true)
    IngestConsumer ingestConsumer(IngestProperties properties, KafkaClientSettings kafka, Topics topics, ClusterRegistry registry, CommandResultStore results,
                                  ObservationStore observations, Producer<String, byte[]> producer, MeterRegistry meters,
                                  ObjectProvider<ResultListener> listeners, ObjectProvider<ExperimentListener> experiments,
                                  Clock clock) {
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(Map.of(
                ConsumerConfig.GROUP_ID_CONFIG, properties.groupId(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200,
                ConsumerConfig.METADATA_MAX_AGE_CONFIG, 5_000)), new StringDeserializer(), new ByteArrayDeserializer());
        IngestHandler handler = new IngestHandler(new MessageCodec(), registry, results, observations,
                new KafkaDeadLetters(producer, topics.dlq(), meters), meters, new IngestMeters(meters, clock),
                (ReportedResult r) -> listeners.forEach(l -> l.onResult(r)),
                new SampleAdmission(properties.minSampleWindow(), properties.maxSampleAhead()), clock,
                (Envelope e) -> experiments.forEach(l -> l.onExperiment(e)));
        return new IngestConsumer(consumer, topics, handler);
    }

    /** Takes each experiment result read from the results topic (campaigns store it). */
    public interface ExperimentListener {
        void onExperiment(Envelope result);
    }

    /** Told about each new command result, e.g. to wake the rollout orchestrator. */
    public interface ResultListener {
        void onResult(ReportedResult result);
    }
}
