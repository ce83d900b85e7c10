package dev.ctuner.sidecar.publish;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes messages in order, one acknowledged send at a time, from a bounded backlog. While the
 * broker is unreachable, messages wait in the backlog (retried with backoff); when the backlog is
 * full the oldest message is dropped and counted. Delivery is at least once: a send whose
 * acknowledgement was lost is sent again, so consumers de-duplicate by envelope id.
 *
 * <p>Bound: {@code capacity} messages. At the default 2,880 that is 24 hours of 30-second
 * workload samples (or 8 hours of samples plus 10-second heartbeats), a few KiB each.
 */
public final class BacklogPublisher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BacklogPublisher.class);

    /** One message waiting for the broker. */
    public record Pending(String topic, String key, byte[] value) {
    }

    private final MessageSender sender;
    private final int capacity;
    private final Duration sendTimeout;
    private final Clock clock;
    private final Deque<Pending> backlog = new ArrayDeque<>();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();
    private final Thread worker;
    private volatile boolean running = true;
    private volatile String lastError;
    private volatile Instant lastSuccess;

    public BacklogPublisher(MessageSender sender, int capacity, Duration sendTimeout, Clock clock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("backlog capacity must be at least 1, was " + capacity);
        }
        this.sender = sender;
        this.capacity = capacity;
        this.sendTimeout = sendTimeout;
        this.clock = clock;
        this.worker = new Thread(this::drain, "kafka-publisher");
        this.worker.setDaemon(true);
        this.worker.start();
    }

    /** Queues a message; never blocks. If the backlog is full the oldest message is dropped and counted. */
    public void publish(String topic, String key, byte[] value) {
        synchronized (backlog) {
            if (backlog.size() >= capacity) {
                backlog.pollFirst();
                long n = dropped.incrementAndGet();
                if (n == 1 || n % 100 == 0) {
                    log.warn("publisher backlog full ({} messages): dropped the oldest; {} dropped so far", capacity, n);
                }
            }
            backlog.addLast(new Pending(topic, key, value));
            backlog.notifyAll();
        }
    }

    private void drain() {
        long backoffMillis = 500;
        while (running) {
            Pending next;
            synchronized (backlog) {
                while (running && backlog.isEmpty()) {
                    try {
                        backlog.wait(1000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                next = backlog.peekFirst();
            }
            if (next == null) {
                continue;
            }
            try {
                sender.send(next.topic(), next.key(), next.value(), sendTimeout);
                synchronized (backlog) {
                    // Remove what was sent, unless it was dropped meanwhile to make room.
                    if (backlog.peekFirst() == next) {
                        backlog.pollFirst();
                    }
                }
                sent.incrementAndGet();
                lastSuccess = clock.instant();
                if (lastError != null) {
                    log.info("broker reachable again; {} messages waiting", backlog());
                }
                lastError = null;
                backoffMillis = 500;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                if (lastError == null) {
                    log.warn("cannot publish to Kafka ({}); keeping messages in the backlog", e.toString());
                }
                lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
                sleep(backoffMillis);
                backoffMillis = Math.min(10_000, backoffMillis * 2);
            }
        }
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    public int backlog() {
        synchronized (backlog) {
            return backlog.size();
        }
    }

    public int capacity() {
        return capacity;
    }

    public long dropped() {
        return dropped.get();
    }

    public long sent() {
        return sent.get();
    }

    /** Null when the last send worked. */
    public String lastError() {
        return lastError;
    }

    public Instant lastSuccess() {
        return lastSuccess;
    }

    /** Stops the worker; waits briefly so that queued messages can still go out. */
    @Override
    public void close() {
        long deadline = System.currentTimeMillis() + sendTimeout.toMillis();
        while (backlog() > 0 && lastError == null && System.currentTimeMillis() < deadline) {
            sleep(50);
        }
        running = false;
        worker.interrupt();
    }
}
