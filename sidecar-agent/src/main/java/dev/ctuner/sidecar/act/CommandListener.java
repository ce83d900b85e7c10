package dev.ctuner.sidecar.act;

import dev.ctuner.common.kafka.KafkaClientSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the commands topic (one consumer group per node, so every sidecar sees the whole topic and
 * keeps what is addressed to it) and hands each message to the executor, committing its offset
 * afterwards. A broker outage only delays commands; the consumer reconnects by itself.
 */
public final class CommandListener implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CommandListener.class);

    private final KafkaConsumer<String, byte[]> consumer;
    private final CommandExecutor executor;
    private final Thread thread;
    private volatile boolean running = true;

    public CommandListener(KafkaClientSettings kafka, String groupId, String topic, CommandExecutor executor) {
        this.consumer = new KafkaConsumer<>(kafka.consumer(Map.of(
                ConsumerConfig.GROUP_ID_CONFIG, groupId, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10,
                ConsumerConfig.METADATA_MAX_AGE_CONFIG, 5_000)), new StringDeserializer(), new ByteArrayDeserializer());
        this.executor = executor;
        this.consumer.subscribe(List.of(topic));
        this.thread = new Thread(this::run, "command-listener");
        this.thread.setDaemon(true);
        this.thread.start();
        log.info("listening for commands on {} as group {}", topic, groupId);
    }

    private void run() {
        try {
            while (running) {
                try {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                        executor.handle(record.value());
                    }
                    consumer.commitSync();
                } catch (WakeupException stop) {
                    throw stop;
                } catch (RuntimeException e) {
                    log.warn("command consumer: {}; retrying", e.toString());
                    sleep();
                }
            }
        } catch (WakeupException stopping) {
            // close() asked us to stop.
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(10_000);
    }
}
