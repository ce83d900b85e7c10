package dev.ctuner.sidecar.observe;

import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.Performance;
import dev.ctuner.common.protocol.message.WorkloadSample;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;

/**
 * The features of the latest workload sample as Micrometer gauges (Prometheus at
 * /actuator/prometheus). A value the node did not give reads NaN, never 0. The names are the
 * documented, stable ones of docs/observability.md: a renamed gauge breaks operators' dashboards.
 */
public final class SampleGauges {

    /** The operation types, as the {@code type} label spells them. */
    static final String[] TYPES = {"reads", "writes", "range_scans", "lwts", "batches"};

    private SampleGauges() {
    }

    public static void register(MeterRegistry registry, WorkloadObserver observer, BacklogPublisher publisher, Clock clock) {
        gauge(registry, observer, "ctuner.workload.read.ratio", "read ratio RR of the last window", s -> s.readRatio());
        gauge(registry, observer, "ctuner.workload.throughput.ops.per.second", "operations per second in the last window",
                s -> s.performance().throughputOpsPerSecond());
        for (String type : TYPES) {
            Gauge.builder("ctuner.workload.operations", observer, o -> o.latest().map(s -> (double) count(s, type)).orElse(Double.NaN))
                    .tag("type", type).description("operations of this type in the last window").register(registry);
            Gauge.builder("ctuner.workload.mix.ratio", observer, o -> o.latest().map(s -> share(s, type)).orElse(Double.NaN))
                    .tag("type", type).description("share of this type among the operations of the last window (the workload mix)")
                    .register(registry);
        }
        Instant since = clock.instant();
        Gauge.builder("ctuner.sidecar.sampling.lag.seconds", observer,
                        o -> lagSeconds(o.latest().map(WorkloadSample::windowEnd).orElse(since), clock.instant()))
                .description("seconds since the end of the last published window (since the start before the first)")
                .register(registry);
        gauge(registry, observer, "ctuner.workload.key.reuse.mean", "estimated mean key reuse distance", s -> s.keyReuse().meanKrd());
        gauge(registry, observer, "ctuner.workload.key.reuse.median", "estimated median key reuse distance", s -> s.keyReuse().medianKrd());
        latency(registry, observer, "coordinator_read", Performance::coordinatorRead);
        latency(registry, observer, "coordinator_write", Performance::coordinatorWrite);
        latency(registry, observer, "local_read", Performance::localRead);
        latency(registry, observer, "local_write", Performance::localWrite);
        gauge(registry, observer, "ctuner.node.pending.compactions", "compactions waiting", s -> toDouble(s.performance().pendingCompactions()));
        gauge(registry, observer, "ctuner.node.sstables.per.read.p99", "SSTables touched per read, p99", s -> s.performance().sstablesPerRead().p99());
        gauge(registry, observer, "ctuner.node.cache.hit.ratio.key", "key cache hit ratio in the last window", s -> s.performance().cacheHitRatios().key());
        gauge(registry, observer, "ctuner.node.cache.hit.ratio.row", "row cache hit ratio in the last window", s -> s.performance().cacheHitRatios().row());
        gauge(registry, observer, "ctuner.node.gc.pause.millis", "GC pause time in the last window", s -> toDouble(s.performance().gcPauseMillisTotal()));
        gauge(registry, observer, "ctuner.node.heap.used.bytes", "heap used at the end of the last window", s -> toDouble(s.performance().heapUsedBytes()));
        Gauge.builder("ctuner.publisher.backlog.messages", publisher, BacklogPublisher::backlog)
                .description("messages waiting for the broker").register(registry);
        FunctionCounter.builder("ctuner.publisher.dropped", publisher, BacklogPublisher::dropped)
                .description("messages dropped because the backlog was full").register(registry);
        FunctionCounter.builder("ctuner.publisher.sent", publisher, BacklogPublisher::sent)
                .description("messages acknowledged by the broker").register(registry);
        FunctionCounter.builder("ctuner.observer.failed.ticks", observer, WorkloadObserver::failedTicks)
                .description("observation windows or heartbeats that failed").register(registry);
    }

    private static void latency(MeterRegistry registry, WorkloadObserver observer, String scope, Function<Performance, LatencyPercentiles> pick) {
        Gauge.builder("ctuner.node.latency.p99.micros", observer,
                        o -> o.latest().map(s -> pick.apply(s.performance()).p99()).map(Double::doubleValue).orElse(Double.NaN))
                .tag("scope", scope).description("p99 latency (Cassandra's recent histogram)").register(registry);
    }

    private static void gauge(MeterRegistry registry, WorkloadObserver observer, String name, String description,
                              Function<WorkloadSample, Double> value) {
        Gauge.builder(name, observer, o -> o.latest().map(value).map(Double::doubleValue).orElse(Double.NaN))
                .description(description).register(registry);
    }

    /** Seconds from {@code from} to {@code now}, with millisecond resolution. */
    static double lagSeconds(Instant from, Instant now) {
        return Duration.between(from, now).toMillis() / 1000.0;
    }

    /** The share of {@code type} among the window's operations; NaN for a window without operations. */
    static double share(WorkloadSample s, String type) {
        long total = 0;
        for (String t : TYPES) {
            total += count(s, t);
        }
        return total == 0 ? Double.NaN : (double) count(s, type) / total;
    }

    private static long count(WorkloadSample s, String type) {
        return switch (type) {
            case "reads" -> s.operations().reads();
            case "writes" -> s.operations().writes();
            case "range_scans" -> s.operations().rangeScans();
            case "lwts" -> s.operations().lwts();
            default -> s.operations().batches();
        };
    }

    private static Double toDouble(Long value) {
        return value == null ? null : value.doubleValue();
    }
}
