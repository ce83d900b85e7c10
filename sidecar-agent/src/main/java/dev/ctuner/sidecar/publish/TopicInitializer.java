package dev.ctuner.sidecar.publish;

import dev.ctuner.common.kafka.KafkaClientSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the topics the sidecar writes, with the broker's default partitions and replication,
 * so the first messages do not wait for auto-creation (or fail where it is off). Runs in the
 * background and retries until the broker answers; existing topics are left as they are.
 */
public final class TopicInitializer {

    private static final Logger log = LoggerFactory.getLogger(TopicInitializer.class);

    private TopicInitializer() {
    }

    public static Thread startInBackground(KafkaClientSettings kafka, List<String> topics) {
        Thread thread = new Thread(() -> createUntilDone(kafka, topics), "topic-initializer");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    static void createUntilDone(KafkaClientSettings kafka, List<String> topics) {
        long backoff = 1000;
        while (!Thread.currentThread().isInterrupted()) {
            try (Admin admin = Admin.create(kafka.admin(Map.of(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000)))) {
                for (String topic : topics) {
                    try {
                        admin.createTopics(List.of(new NewTopic(topic, java.util.Optional.empty(), java.util.Optional.empty())))
                                .all().get(10, TimeUnit.SECONDS);
                        log.info("created topic {}", topic);
                    } catch (ExecutionException e) {
                        if (!(e.getCause() instanceof TopicExistsException)) {
                            throw e;
                        }
                    }
                }
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                log.debug("cannot create topics yet: {}", e.toString());
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
                backoff = Math.min(30_000, backoff * 2);
            }
        }
    }
}
