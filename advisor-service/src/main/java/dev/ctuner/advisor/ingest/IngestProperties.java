package dev.ctuner.advisor.ingest;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the advisor meets the sidecars, under {@code ctuner.advisor.kafka}.
 *
 * <pre>
 * ctuner.advisor.kafka.bootstrap-servers: broker1:9092,broker2:9092
 * ctuner.advisor.kafka.topic-prefix: ctuner
 * </pre>
 *
 * @param enabled false runs the advisor without Kafka (API only): nothing is ingested and no
 *                rollout advances
 * @param bootstrapServers the Kafka brokers, host:port separated by commas
 * @param topicPrefix prefix of the topics {@code <prefix>.workload}, {@code .status}, {@code .results} (read),
 *        {@code .commands} and {@code .dlq} (written); the same as the sidecars' {@code ctuner.sidecar.kafka.topic-prefix}
 * @param groupId consumer group of the advisor's ingest
 * @param maxNodes how many nodes, over all clusters, the advisor keeps in memory at the most (each holds its last
 *        60 samples); records from further new nodes go to the dead-letter topic as TOO_MANY_NODES, so a flood of
 *        made-up node ids cannot exhaust the heap
 */
@Validated
@ConfigurationProperties("ctuner.advisor.kafka")
public record IngestProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("localhost:9092") @NotBlank String bootstrapServers,
        @DefaultValue("ctuner") @NotBlank String topicPrefix,
        @DefaultValue("ctuner-advisor") @NotBlank String groupId,
        @DefaultValue("2000") @Min(1) int maxNodes) {
}
