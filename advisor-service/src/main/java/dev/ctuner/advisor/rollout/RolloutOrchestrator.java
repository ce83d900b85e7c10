package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.ingest.IngestConfiguration;
import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.RolloutStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * Runs every RUNNING rollout forward, and every ROLLING_BACK one backward, on one thread: on a
 * timer, when a command result arrives, and when an operator starts, resumes or rolls back one.
 * At start it picks up the RUNNING and ROLLING_BACK rollouts the store holds, so a restarted
 * advisor continues where it stopped. One thread means one decision at a
 * time; {@link RolloutDriver} re-reads the store on every call.
 */
public final class RolloutOrchestrator implements IngestConfiguration.ResultListener, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RolloutOrchestrator.class);

    private final RolloutStore store;
    private final RolloutDriver driver;
    private final Duration tick;
    private final LeaderGate leadership;
    /** The one-off look scheduled for a time the driver asked for; touched on the orchestrator's thread only. */
    private java.util.concurrent.ScheduledFuture<?> nextLook;
    private Instant nextLookAt;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rollout-orchestrator");
        t.setDaemon(true);
        return t;
    });

    public RolloutOrchestrator(RolloutStore store, RolloutDriver driver, Duration tick, LeaderGate leadership) {
        this.leadership = leadership;
        this.store = store;
        this.driver = driver;
        this.tick = tick;
    }

    @EventListener(ApplicationReadyEvent.class)
    public void start() {
        var running = store.inState(RolloutState.RUNNING);
        if (!running.isEmpty()) {
            log.info("resuming {} RUNNING rollout(s) from their persisted state: {}", running.size(), running);
        }
        var rollingBack = store.inState(RolloutState.ROLLING_BACK);
        if (!rollingBack.isEmpty()) {
            log.info("resuming {} ROLLING_BACK rollout(s) from their persisted state: {}", rollingBack.size(), rollingBack);
        }
        thread.scheduleWithFixedDelay(this::runAll, 0, tick.toMillis(), TimeUnit.MILLISECONDS);
    }

    @EventListener
    public void on(RolloutChanged changed) {
        wake();
    }

    @Override
    public void onResult(ReportedResult result) {
        wake();
    }

    public void wake() {
        try {
            thread.execute(this::runAll);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            // shutting down: nothing is moved on any more
        }
    }

    private void runAll() {
        if (!leadership.isLeader()) {
            return;   // another replica drives the rollouts; this one takes over from the database if it comes to lead
        }
        for (UUID id : store.inStates(List.of(RolloutState.RUNNING, RolloutState.ROLLING_BACK))) {
            try {
                driver.advance(id);
            } catch (RuntimeException e) {
                // A concurrent operator move or a database hiccup: the next look starts again from the store.
                log.warn("rollout {}: {}; looking again at the next tick", id, e.toString());
            }
        }
        scheduleNextLook();
    }

    /** A look the driver asked for (a canary's window end) sooner than the next tick: run then. Only on the orchestrator's thread. */
    private void scheduleNextLook() {
        Instant now = Instant.now();
        driver.nextLook(now).ifPresent(at -> {
            if (nextLook != null && !nextLook.isDone() && at.equals(nextLookAt)) {
                return; // already scheduled
            }
            long delay = Duration.between(now, at).toMillis() + 1;
            if (delay < tick.toMillis()) {
                nextLookAt = at;
                nextLook = thread.schedule(this::runAll, delay, TimeUnit.MILLISECONDS);
            }
        });
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
