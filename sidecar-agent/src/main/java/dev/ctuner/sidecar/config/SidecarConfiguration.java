package dev.ctuner.sidecar.config;

import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.kafka.KafkaClientSettings;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import dev.ctuner.sidecar.health.KafkaHealthIndicator;
import dev.ctuner.sidecar.health.NodeHealthIndicator;
import dev.ctuner.sidecar.observe.ConfigurationReader;
import dev.ctuner.sidecar.observe.KeyReuseProbe;
import dev.ctuner.sidecar.observe.SampleGauges;
import dev.ctuner.sidecar.observe.SidecarInfoGauge;
import dev.ctuner.sidecar.observe.SnapshotReader;
import dev.ctuner.sidecar.observe.StatusReader;
import dev.ctuner.sidecar.observe.WorkloadObserver;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import dev.ctuner.sidecar.publish.KafkaMessageSender;
import dev.ctuner.sidecar.publish.TopicInitializer;
import java.util.List;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the sidecar's observing side from {@link SidecarProperties}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SidecarProperties.class)
public class SidecarConfiguration {

    private static final Logger log = LoggerFactory.getLogger(SidecarConfiguration.class);

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    KnobCatalog knobCatalog() {
        return KnobCatalog.cassandra50();
    }

    @Bean(destroyMethod = "close")
    CqlNode cqlNode(SidecarProperties properties) {
        log.info("sidecar for node '{}' of cluster '{}': {}", properties.getNodeId(), properties.getClusterId(),
                properties.getCassandra());
        return new CqlNode(properties.getCassandra());
    }

    @Bean(destroyMethod = "close")
    JmxNode jmxNode(SidecarProperties properties) {
        return new JmxNode(properties.getCassandra());
    }

    @Bean
    Topics topics(SidecarProperties properties) {
        return new Topics(properties.getKafka().getTopicPrefix());
    }

    /** Spring Boot's {@code spring.kafka.*} (brokers, TLS, SASL) under the settings each client's guarantees rest on. */
    @Bean
    KafkaClientSettings kafkaClientSettings(KafkaProperties spring, SidecarProperties properties) {
        KafkaClientSettings settings = KafkaClientSettings.of(spring.buildProducerProperties(), spring.buildConsumerProperties(),
                spring.buildAdminProperties(), properties.getKafka().getBootstrapServers());
        log.info("Kafka clients: {}", settings.summary());
        return settings;
    }

    @Bean(destroyMethod = "close")
    KafkaMessageSender kafkaMessageSender(SidecarProperties properties, KafkaClientSettings kafka, Topics topics) {
        if (properties.getKafka().isCreateTopics()) {
            TopicInitializer.startInBackground(kafka, List.of(topics.workload(), topics.status(), topics.results()));
        }
        return new KafkaMessageSender(kafka, "ctuner-sidecar-" + properties.getNodeId());
    }

    @Bean(destroyMethod = "close")
    BacklogPublisher backlogPublisher(KafkaMessageSender sender, SidecarProperties properties, Clock clock) {
        return new BacklogPublisher(sender, properties.getKafka().getBacklogCapacity(), properties.getKafka().getSendTimeout(), clock);
    }

    @Bean(destroyMethod = "close")
    WorkloadObserver workloadObserver(SidecarProperties properties, CqlNode cql, JmxNode jmx, KnobCatalog catalog,
                                      BacklogPublisher publisher, Topics topics, Clock clock, MeterRegistry registry) {
        SidecarProperties.Sampling sampling = properties.getSampling();
        KeyReuseProbe probe = sampling.isKeyReuse()
                ? new KeyReuseProbe(jmx, sampling.getKeyReuseCapacity(), sampling.getKeyReuseSampleDuration()) : null;
        String version = Optional.ofNullable(SidecarConfiguration.class.getPackage().getImplementationVersion()).orElse("dev");
        WorkloadObserver observer = new WorkloadObserver(new SnapshotReader(cql, jmx, clock), probe,
                new ConfigurationReader(cql, catalog, values -> dev.ctuner.sidecar.cassandra.LiveValues.overlay(values, jmx)), new StatusReader(cql, jmx, version), publisher, topics,
                new ClusterId(properties.getClusterId()), new NodeId(properties.getNodeId()), clock);
        SampleGauges.register(registry, observer, publisher, clock);
        observer.onStatus(new SidecarInfoGauge(registry, properties.getRole().name(), version));
        observer.start(sampling.getWindow(), sampling.getStatusInterval());
        return observer;
    }

    /** Every meter of this sidecar carries its cluster and node, so one Prometheus query covers the fleet. */
    @Bean
    MeterFilter clusterAndNodeTags(SidecarProperties properties) {
        return MeterFilter.commonTags(Tags.of("cluster", properties.getClusterId(),
                "node", properties.getNodeId()));
    }

    @Bean
    NodeHealthIndicator cassandraNodeHealthIndicator(CqlNode cql, JmxNode jmx) {
        return new NodeHealthIndicator(cql, jmx);
    }

    @Bean(destroyMethod = "close")
    KafkaHealthIndicator kafkaHealthIndicator(KafkaClientSettings kafka, BacklogPublisher publisher) {
        return new KafkaHealthIndicator(kafka, publisher);
    }
}
