package dev.ctuner.sidecar.health;

import dev.ctuner.common.kafka.KafkaClientSettings;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * UP when the broker answers a metadata request; the details say how many messages wait in the
 * backlog and how many were dropped.
 */
public class KafkaHealthIndicator implements HealthIndicator, AutoCloseable {

    private final Admin admin;
    private final BacklogPublisher publisher;

    public KafkaHealthIndicator(KafkaClientSettings kafka, BacklogPublisher publisher) {
        this.admin = Admin.create(kafka.admin(Map.of(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000)));
        this.publisher = publisher;
    }

    @Override
    public Health health() {
        Health.Builder health;
        try {
            admin.describeCluster().clusterId().get(3, TimeUnit.SECONDS);
            health = Health.up();
        } catch (Exception e) {
            health = Health.down().withDetail("error", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return health.withDetail("backlog", publisher.backlog())
                .withDetail("backlogCapacity", publisher.capacity())
                .withDetail("dropped", publisher.dropped())
                .withDetail("sent", publisher.sent())
                .withDetail("lastPublishError", String.valueOf(publisher.lastError()))
                .build();
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(2));
    }
}
