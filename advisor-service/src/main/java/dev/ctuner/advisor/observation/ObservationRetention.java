package dev.ctuner.advisor.observation;

import dev.ctuner.advisor.store.ObservationStore;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes stored samples older than the retention, in the database, once at start and then every
 * purge interval. Each purge is timed ({@code ctuner.observations.purge}) and the rows it deleted
 * counted ({@code ctuner.observations.purged}); a failed purge is logged and the next one runs.
 *
 * <pre>{@code
 * new ObservationRetention(store, Duration.ofDays(14), clock, meters).purgeOnce();   // rows deleted
 * }</pre>
 */
public final class ObservationRetention implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ObservationRetention.class);

    private final ObservationStore store;
    private final Duration retention;
    private final Clock clock;
    private final Timer timer;
    private final Counter purged;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "observation-retention");
        t.setDaemon(true);
        return t;
    });

    public ObservationRetention(ObservationStore store, Duration retention, Clock clock, MeterRegistry meters) {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("retention must be positive but was " + retention);
        }
        this.store = store;
        this.retention = retention;
        this.clock = clock;
        this.timer = Timer.builder("ctuner.observations.purge").description("time to delete samples past the retention")
                .register(meters);
        this.purged = Counter.builder("ctuner.observations.purged").description("samples deleted by the retention")
                .register(meters);
    }

    /** Runs the purge now and every {@code interval}. */
    public void start(Duration interval) {
        scheduler.scheduleWithFixedDelay(this::safePurge, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Deletes every sample whose window ended before now minus the retention; returns how many. */
    public int purgeOnce() {
        Instant cutoff = clock.instant().minus(retention);
        int deleted = timer.record(() -> store.deleteEndedBefore(cutoff));
        purged.increment(deleted);
        if (deleted > 0) {
            log.info("deleted {} workload samples that ended before {}", deleted, cutoff);
        }
        return deleted;
    }

    private void safePurge() {
        try {
            purgeOnce();
        } catch (RuntimeException e) {
            log.warn("observation retention failed; the next run tries again", e);
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
