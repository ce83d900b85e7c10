package dev.ctuner.advisor.ingest;

import dev.ctuner.common.protocol.TopicKind;
import dev.ctuner.common.protocol.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One thread reading the workload, status and results topics and handing each record to the
 * {@link IngestHandler}. Offsets are committed only after a record was handled (at least once;
 * the stores de-duplicate by message id). If handling fails (the database is down, say), the
 * partition is rewound to that record and retried a second later: nothing is skipped.
 */
public final class IngestConsumer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(IngestConsumer.class);

    private final Consumer<String, byte[]> consumer;
    private final IngestHandler handler;
    private final Map<String, TopicKind> kinds = new HashMap<>();
    private final Thread thread;
    private volatile boolean running = true;

    public IngestConsumer(Consumer<String, byte[]> consumer, Topics topics, IngestHandler handler) {
        this.consumer = consumer;
        this.handler = handler;
        for (TopicKind kind : List.of(TopicKind.WORKLOAD, TopicKind.STATUS, TopicKind.RESULTS)) {
            kinds.put(topics.topic(kind), kind);
        }
        this.thread = new Thread(this::run, "advisor-ingest");
        this.thread.setDaemon(true);
    }

    public void start() {
        consumer.subscribe(List.copyOf(kinds.keySet()));
        thread.start();
        log.info("ingesting {}", kinds.keySet());
    }

    private void run() {
        try {
            while (running) {
                pollOnce();
            }
        } catch (WakeupException stopping) {
            // close() asked us to stop.
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void pollOnce() {
        Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
        try {
            for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                try {
                    handler.handle(record.topic(), kinds.get(record.topic()), record.key(), record.value());
                } catch (RuntimeException e) {
                    log.warn("could not store a record of {} at offset {}: {}; retrying it", partition, record.offset(), e.toString());
                    commit(done);
                    consumer.seek(partition, record.offset());
                    pause();
                    return;
                }
                done.put(partition, new OffsetAndMetadata(record.offset() + 1));
            }
            commit(done);
        } catch (WakeupException stop) {
            throw stop;
        } catch (RuntimeException e) {
            log.warn("ingest consumer: {}; retrying", e.toString());
            pause();
        }
    }

    private void commit(Map<TopicPartition, OffsetAndMetadata> done) {
        if (!done.isEmpty()) {
            consumer.commitSync(done);
        }
    }

    private void pause() {
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
