package dev.ctuner.advisor.ingest;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the advisor meets the sidecars, under {@code ctuner.advisor.kafka}.
 *
 * <pre>
 * spring.kafka.bootstrap-servers: broker1:9093,broker2:9093
 * spring.kafka.security.protocol: SASL_SSL
 * ctuner.advisor.kafka.topic-prefix: ctuner
 * </pre>
 *
 * The connection itself (brokers, TLS, mTLS, SASL, any Kafka client property) is Spring Boot's
 * {@code spring.kafka.*}; see the security guide.
 *
 * @param enabled false runs the advisor without Kafka (API only): nothing is ingested and no
 *                rollout advances
 * @param bootstrapServers the Kafka brokers, host:port separated by commas; when not set, {@code spring.kafka.bootstrap-servers}
 *        (whose default is localhost:9092)
 * @param topicPrefix prefix of the topics {@code <prefix>.workload}, {@code .status}, {@code .results} (read),
 *        {@code .commands} and {@code .dlq} (written); the same as the sidecars' {@code ctuner.sidecar.kafka.topic-prefix}
 * @param groupId consumer group of the advisor's ingest
 * @param maxNodes how many nodes, over all clusters, the advisor keeps in memory at the most (each holds its last
 *        60 samples); records from further new nodes go to the dead-letter topic as TOO_MANY_NODES, so a flood of
 *        made-up node ids cannot exhaust the heap
 * @param minSampleWindow a workload sample whose window is shorter is refused (dead-letter topic, WINDOW_TOO_SHORT); with
 *        samples of one node refused when their windows overlap, this bounds the samples one node can have stored to one
 *        per this much time; the sidecars' shortest window is 1 s
 * @param maxSampleAhead a workload sample whose window ends further ahead of the advisor's clock is refused
 *        (WINDOW_IN_FUTURE): the sidecar's clock is wrong, or the sample is made up
 */
@Validated
@ConfigurationProperties("ctuner.advisor.kafka")
public record IngestProperties(
        @DefaultValue("true") boolean enabled,
        String bootstrapServers,
        @DefaultValue("ctuner") @NotBlank String topicPrefix,
        @DefaultValue("ctuner-advisor") @NotBlank String groupId,
        @DefaultValue("2000") @Min(1) int maxNodes,
        @DefaultValue("1s") @NotNull Duration minSampleWindow,
        @DefaultValue("5m") @NotNull Duration maxSampleAhead) {
}
