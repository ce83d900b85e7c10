package dev.ctuner.advisor.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes unusable records, unchanged, to {@code <prefix>.dlq} with headers naming the source topic
 * and the reason, so an operator can see exactly what arrived and why it was refused.
 */
public final class KafkaDeadLetters implements DeadLetters {

    private static final Logger log = LoggerFactory.getLogger(KafkaDeadLetters.class);

    private final Producer<String, byte[]> producer;
    private final String dlqTopic;
    private final MeterRegistry meters;

    public KafkaDeadLetters(Producer<String, byte[]> producer, String dlqTopic, MeterRegistry meters) {
        this.producer = producer;
        this.dlqTopic = dlqTopic;
        this.meters = meters;
    }

    @Override
    public void park(String sourceTopic, String key, byte[] value, String reason) {
        log.warn("record from {} (key {}) sent to {}: {}", sourceTopic, key, dlqTopic, reason);
        try {
            producer.send(new ProducerRecord<>(dlqTopic, null, key, value, List.of(
                    new RecordHeader("ctuner.source-topic", sourceTopic.getBytes(StandardCharsets.UTF_8)),
                    new RecordHeader("ctuner.reason", reason.getBytes(StandardCharsets.UTF_8)))), (metadata, error) -> {
                if (error != null) {
                    meters.counter("ctuner.ingest.dlq.failed").increment();
                    log.error("could not write to {}: {}", dlqTopic, error.toString());
                }
            });
        } catch (RuntimeException e) {
            meters.counter("ctuner.ingest.dlq.failed").increment();
            log.error("could not write to {}: {}", dlqTopic, e.toString());
        }
    }
}
