package dev.ctuner.sidecar.observe;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.protocol.message.Message;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.WorkloadSample;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every window T_d: reads a snapshot of the node, turns the difference from the previous one into
 * a {@link WorkloadSample} (with the key-reuse estimate of the partition sampler that ran during the
 * window, and the configuration read back), and hands it to the publisher. Every status interval:
 * a {@link NodeStatus} heartbeat. After a change this sidecar carried out ({@link #afterChange}), a
 * heartbeat at once and a sampling window starting then, rather than at the next periodic tick: the
 * advisor verifies the node by a heartbeat read after the change and compares the canary on windows
 * starting a warm-up after it. Nothing here throws out of a tick: a failed tick is counted and the
 * next one runs.
 */
public class WorkloadObserver implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WorkloadObserver.class);
    /** The advisor refuses shorter sampling windows (its min-sample-window defaults to 1 s): a shorter one is not cut off early. */
    static final Duration MIN_EARLY_WINDOW = Duration.ofSeconds(2);

    private final SnapshotReader snapshots;
    private final KeyReuseProbe keyReuse;
    private final ConfigurationReader configuration;
    private final StatusReader status;
    private final BacklogPublisher publisher;
    private final Topics topics;
    private final MessageCodec codec = new MessageCodec();
    private final ClusterId clusterId;
    private final NodeId nodeId;
    private final Clock clock;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "workload-observer");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong failedTicks = new AtomicLong();
    private final AtomicLong published = new AtomicLong();
    private volatile Consumer<NodeStatus> onStatus = s -> { };
    private NodeSnapshot previous;
    private volatile WorkloadSample latest;
    /** The periodic window ticks and their period: set in {@link #start}, replaced on the observer's thread only. */
    private volatile ScheduledFuture<?> windows;
    private volatile Duration window;

    public WorkloadObserver(SnapshotReader snapshots, KeyReuseProbe keyReuse, ConfigurationReader configuration,
                            StatusReader status, BacklogPublisher publisher, Topics topics, ClusterId clusterId,
                            NodeId nodeId, Clock clock) {
        this.snapshots = snapshots;
        this.keyReuse = keyReuse;
        this.configuration = configuration;
        this.status = status;
        this.publisher = publisher;
        this.topics = topics;
        this.clusterId = clusterId;
        this.nodeId = nodeId;
        this.clock = clock;
    }

    /** Hands every heartbeat read, once published, to {@code listener} too (call before {@link #start}). */
    public WorkloadObserver onStatus(Consumer<NodeStatus> listener) {
        this.onStatus = listener;
        return this;
    }

    /** Starts the window and heartbeat schedules. */
    public void start(Duration window, Duration statusInterval) {
        this.window = window;
        windows = scheduler.scheduleAtFixedRate(this::safeTick, 0, window.toMillis(), TimeUnit.MILLISECONDS);
        scheduler.scheduleAtFixedRate(this::safeStatus, 0, statusInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * The node is back after a change this sidecar carried out (a restart, or live setters): publishes a
     * heartbeat now, read after the change, and starts a fresh sampling window now (the window open
     * since the last tick is closed and published, unless it is shorter than {@link #MIN_EARLY_WINDOW});
     * the periodic windows follow from here. Runs on the observer's thread, after any tick under way.
     */
    public void afterChange() {
        scheduler.execute(() -> {
            safeStatus();
            if (window == null) {
                return; // not started: there are no windows to restart
            }
            if (closesEarly(previous == null ? null : previous.at(), clock.instant())) {
                safeTick();
            }
            windows.cancel(false);
            windows = scheduler.scheduleAtFixedRate(this::safeTick, window.toMillis(), window.toMillis(), TimeUnit.MILLISECONDS);
        });
    }

    /** Whether the window open since {@code openedAt} is closed now, at a change: when it is long enough to be published. */
    static boolean closesEarly(Instant openedAt, Instant now) {
        return openedAt == null || Duration.between(openedAt, now).compareTo(MIN_EARLY_WINDOW) >= 0;
    }

    private void safeTick() {
        try {
            tick();
        } catch (RuntimeException e) {
            failedTicks.incrementAndGet();
            log.warn("observation window failed; the next one runs as usual", e);
        }
    }

    private void safeStatus() {
        try {
            // Stamped with the time the read began: a heartbeat stamped after a change was read after it.
            Instant readAt = clock.instant();
            NodeStatus heartbeat = status.read(publisher.backlog(), publisher.dropped());
            publish(heartbeat, readAt);
            onStatus.accept(heartbeat);
        } catch (RuntimeException e) {
            failedTicks.incrementAndGet();
            log.warn("status heartbeat failed; the next one runs as usual", e);
        }
    }

    /** One window: close the previous one, publish its sample, start sampling keys for the next. */
    void tick() {
        NodeSnapshot now = snapshots.read();
        KeyReuseProbe.Counts keys = keyReuse == null ? null : keyReuse.finish();
        Optional<WindowMetrics> window = WindowMetrics.between(previous, now);
        window.ifPresent(w -> publishSample(w, keys));
        if (now.tables() != null) {
            previous = now;
            if (keyReuse != null) {
                keyReuse.begin(now.tables().keySet());
            }
        }
    }

    private void publishSample(WindowMetrics w, KeyReuseProbe.Counts keys) {
        List<String> unknown = new ArrayList<>(w.unknown());
        OperationCounts ops = w.operations();
        KeyReuseSummary reuse = keys == null ? KeyReuseSummary.notSampled("disabled")
                : KeyReuseSummaries.estimate(keys, ops.reads() + ops.writes() + ops.lwts() + ops.batches());
        if (keys != null && !keys.failures().isEmpty()) {
            unknown.add("keyReuse: sampler failed on " + keys.failures().size() + " table sampler(s)");
        }
        Optional<ConfigurationReader.Read> config = configuration.read();
        config.ifPresent(c -> unknown.addAll(c.unknown()));
        if (config.isEmpty()) {
            unknown.add("configuration");
        }
        WorkloadSample sample = new WorkloadSample(w.start(), w.end(), ops, w.readRatio(), w.tables(), w.performance(), reuse,
                config.map(ConfigurationReader.Read::snapshot)
                        .orElse(new dev.ctuner.common.protocol.message.ConfigurationSnapshot(java.util.Map.of(), "unknown")),
                unknown);
        latest = sample;
        publish(sample, clock.instant());
    }

    private void publish(Message message, Instant at) {
        Envelope envelope = Envelope.of(clusterId, nodeId, UUID.randomUUID(), at, message);
        publisher.publish(topics.topicFor(envelope.messageType()), nodeId.value(), codec.encode(envelope));
        published.incrementAndGet();
    }

    /** The last published sample, if any. */
    public Optional<WorkloadSample> latest() {
        return Optional.ofNullable(latest);
    }

    public long failedTicks() {
        return failedTicks.get();
    }

    public long published() {
        return published.get();
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
