package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.common.protocol.ClusterId;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;

/**
 * Runs every cluster's tuning loop, one decision period after another, on one thread: the clusters
 * the sidecars report and those with a stored loop (so a restarted advisor goes on deciding for a
 * cluster whose sidecars are still reconnecting). A failure in one cluster's period is logged and
 * the next period starts afresh from the stores.
 *
 * <pre>{@code
 * new TuningLoopRunner(cycle, registry, store, Duration.ofSeconds(60), meters, leadership).start();
 * }</pre>
 */
public final class TuningLoopRunner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(TuningLoopRunner.class);

    private final TuningCycle cycle;
    private final ClusterRegistry registry;
    private final TuningLoopStore store;
    private final Duration period;
    private final MeterRegistry meters;
    private final LeaderGate leadership;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "tuning-loop");
        t.setDaemon(true);
        return t;
    });

    TuningLoopRunner(TuningCycle cycle, ClusterRegistry registry, TuningLoopStore store, Duration period, MeterRegistry meters,
                     LeaderGate leadership) {
        this.leadership = leadership;
        this.meters = meters;
        this.cycle = cycle;
        this.registry = registry;
        this.store = store;
        this.period = period;
    }

    @EventListener(ApplicationReadyEvent.class)
    public void start() {
        log.info("tuning loop: deciding every {} for every reported cluster", period);
        thread.scheduleWithFixedDelay(this::runAll, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void runAll() {
        if (!leadership.isLeader()) {
            return;   // the leading replica decides; this one starts deciding if it comes to lead
        }
        Set<String> clusters = new TreeSet<>();
        registry.clusters().forEach(c -> clusters.add(c.value()));
        store.all().stream().map(TuningLoop::clusterId).forEach(c -> clusters.add(c.value()));
        for (String cluster : clusters) {
            long start = System.nanoTime();
            try {
                cycle.run(new ClusterId(cluster));
            } catch (RuntimeException e) {
                log.warn("tuning loop of {}: {}; trying again next period", cluster, e.toString(), e);
            }
            long took = System.nanoTime() - start;
            Timer.builder("ctuner.loop.decision").tag("cluster", cluster).description("time one decision period of the cluster's loop took")
                    .register(meters).record(took, TimeUnit.NANOSECONDS);
            log.debug("tuning loop of {}: period took {} ms", cluster, took / 1_000_000);
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
