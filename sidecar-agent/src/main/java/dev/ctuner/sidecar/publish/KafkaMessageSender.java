package dev.ctuner.sidecar.publish;

import dev.ctuner.common.kafka.KafkaClientSettings;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** An idempotent Kafka producer (acks=all) that waits for each acknowledgement. */
public final class KafkaMessageSender implements MessageSender, AutoCloseable {

    private final KafkaProducer<String, byte[]> producer;

    public KafkaMessageSender(KafkaClientSettings kafka, String clientId) {
        Map<String, Object> config = kafka.producer(Map.of(
                ProducerConfig.CLIENT_ID_CONFIG, clientId,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.ACKS_CONFIG, "all",
                // Fail fast when the broker is away; the backlog keeps the message and retries.
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000,
                ProducerConfig.LINGER_MS_CONFIG, 0,
                // Messages are a few KiB every few seconds; the 32 MiB default buffer is resident memory for nothing.
                ProducerConfig.BUFFER_MEMORY_CONFIG, 4 * 1024 * 1024,
                ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 2_000));
        this.producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }

    @Override
    public void send(String topic, String key, byte[] value, Duration timeout) throws Exception {
        producer.send(new ProducerRecord<>(topic, key, value)).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
