package dev.ctuner.it;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.harness.KafkaBroker;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Consumes topics in the background and keeps every decoded envelope (and counts what did not decode). */
final class TopicRecorder implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private final MessageCodec codec = new MessageCodec();
    final List<Envelope> received = new CopyOnWriteArrayList<>();
    final List<String> undecodable = new CopyOnWriteArrayList<>();
    private volatile boolean running = true;

    TopicRecorder(KafkaBroker broker, List<String> topics) {
        consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.METADATA_MAX_AGE_CONFIG, 1000), new StringDeserializer(), new ByteArrayDeserializer());
        consumer.subscribe(java.util.regex.Pattern.compile(String.join("|", topics.stream().map(java.util.regex.Pattern::quote).toList())));
        thread = new Thread(this::poll, "topic-recorder");
        thread.setDaemon(true);
        thread.start();
    }

    private void poll() {
        try {
            while (running) {
                consumer.poll(Duration.ofMillis(250)).forEach(record -> {
                    DecodeResult result = codec.decode(record.value());
                    if (result instanceof DecodeResult.Decoded d) {
                        received.add(d.envelope());
                    } else {
                        undecodable.add(result.toString());
                    }
                });
            }
        } catch (WakeupException stopping) {
            // close() asked us to stop.
        } finally {
            consumer.close();
        }
    }

    /**
     * Payloads of one type, each message once: delivery is at least once (a send whose acknowledgement
     * was lost is sent again), so consumers de-duplicate by envelope id, as this does.
     */
    <T> List<T> payloads(Class<T> type) {
        java.util.Map<java.util.UUID, Envelope> byId = new java.util.LinkedHashMap<>();
        received.forEach(e -> byId.putIfAbsent(e.id(), e));
        return byId.values().stream().map(Envelope::payload).filter(type::isInstance).map(type::cast).toList();
    }

    /** Envelopes that arrived more than once (same id); their payloads must be identical. */
    List<Envelope> duplicates() {
        java.util.Map<java.util.UUID, Envelope> first = new java.util.HashMap<>();
        List<Envelope> again = new java.util.ArrayList<>();
        received.forEach(e -> {
            if (first.putIfAbsent(e.id(), e) != null) {
                again.add(e);
            }
        });
        return again;
    }

    /** Waits until some payload of {@code type} matches. */
    <T> boolean await(Class<T> type, Predicate<T> condition, Duration timeout) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (System.currentTimeMillis() < deadline) {
            if (payloads(type).stream().anyMatch(condition)) {
                return true;
            }
            Thread.sleep(200);
        }
        return false;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(5000);
    }
}
