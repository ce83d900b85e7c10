package dev.ctuner.advisor.ingest;

import dev.ctuner.common.protocol.TopicKind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ingest lag and dead letters per topic ({@code ctuner_ingest_lag_seconds},
 * {@code ctuner_ingest_dlq_records_total}), registered for every ingested topic at start so an
 * alert has a series before the first record. The lag is the age of the newest record handled
 * (its creation time at the sidecar to now), read at each scrape: it grows while the advisor falls
 * behind or nothing arrives.
 *
 * <pre>{@code
 * IngestMeters meters = new IngestMeters(registry, clock);
 * meters.handled(TopicKind.WORKLOAD, envelope.createdAt());
 * }</pre>
 */
public final class IngestMeters {

    /** The topics the advisor reads. */
    static final List<TopicKind> INGESTED = List.of(TopicKind.WORKLOAD, TopicKind.STATUS, TopicKind.RESULTS);

    private final Clock clock;
    private final Map<TopicKind, AtomicReference<Instant>> newest = new EnumMap<>(TopicKind.class);
    private final Map<TopicKind, Counter> deadLettered = new EnumMap<>(TopicKind.class);

    public IngestMeters(MeterRegistry registry, Clock clock) {
        this.clock = clock;
        for (TopicKind kind : INGESTED) {
            AtomicReference<Instant> at = new AtomicReference<>();
            newest.put(kind, at);
            Gauge.builder("ctuner.ingest.lag.seconds", at, a -> a.get() == null ? Double.NaN : seconds(a.get()))
                    .tag("topic", label(kind)).description("age of the newest record handled from the topic (NaN before the first)")
                    .strongReference(true).register(registry);
            deadLettered.put(kind, Counter.builder("ctuner.ingest.dlq.records").tag("topic", label(kind))
                    .description("records of the topic sent to the dead-letter topic").register(registry));
        }
    }

    /** A record created at {@code createdAt} was handled. */
    public void handled(TopicKind kind, Instant createdAt) {
        AtomicReference<Instant> at = newest.get(kind);
        if (at != null) {
            at.accumulateAndGet(createdAt, (a, b) -> a == null || b.isAfter(a) ? b : a);
        }
    }

    /** A record of the topic went to the dead-letter topic. */
    public void deadLettered(TopicKind kind) {
        Counter counter = deadLettered.get(kind);
        if (counter != null) {
            counter.increment();
        }
    }

    static String label(TopicKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    private double seconds(Instant from) {
        return Duration.between(from, clock.instant()).toMillis() / 1000.0;
    }
}
