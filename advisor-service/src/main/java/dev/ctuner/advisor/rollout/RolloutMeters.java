package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.lifecycle.RolloutState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The orchestrator's events as Prometheus meters (names in docs/observability.md):
 * {@code ctuner_rollout_duration_seconds} (a timer with buckets, per cluster and final state: from
 * the rollout's creation to its end) and {@code ctuner_canary_verdicts_total} (per cluster and
 * verdict: passed, failed, not measured). A cluster's series exist at 0 from the moment the advisor
 * knows the cluster ({@link #cluster}), so an alert on {@code increase(...)} has a series before the
 * first rollout.
 *
 * <pre>{@code
 * RolloutMeters meters = new RolloutMeters(registry);
 * meters.canary("prod", RolloutMeters.CanaryVerdict.PASSED);
 * meters.ended("prod", RolloutState.SUCCEEDED, Duration.ofMinutes(4));
 * }</pre>
 */
public final class RolloutMeters {

    /** How a canary's measured comparison ended. */
    public enum CanaryVerdict {
        /** within the allowed p99 ratio of the other nodes */
        PASSED,
        /** worse than the allowed ratio, at every look it takes to fail it */
        FAILED,
        /** no sampling window with enough traffic arrived within the gate timeout */
        NOT_MEASURED
    }

    /** The states the orchestrator ends a rollout in (an operator's abort is not timed). */
    static final List<RolloutState> ENDS = List.of(RolloutState.SUCCEEDED, RolloutState.FAILED, RolloutState.ROLLED_BACK);
    private static final Duration[] BUCKETS = {Duration.ofMinutes(1), Duration.ofMinutes(2), Duration.ofMinutes(5), Duration.ofMinutes(10),
            Duration.ofMinutes(20), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(2), Duration.ofHours(4)};

    private final MeterRegistry registry;
    private final Set<String> known = ConcurrentHashMap.newKeySet();

    public RolloutMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Registers the cluster's series at 0; cheap to call again. */
    public void cluster(String cluster) {
        if (known.add(cluster)) {
            for (CanaryVerdict v : CanaryVerdict.values()) {
                canaryCounter(cluster, v);
            }
            for (RolloutState s : ENDS) {
                timer(cluster, s);
            }
        }
    }

    /** A canary's comparison ended with {@code verdict}. */
    public void canary(String cluster, CanaryVerdict verdict) {
        cluster(cluster);
        canaryCounter(cluster, verdict).increment();
    }

    /** A rollout of {@code cluster} ended in {@code state}, {@code took} after it was created. */
    public void ended(String cluster, RolloutState state, Duration took) {
        cluster(cluster);
        timer(cluster, state).record(took.isNegative() ? Duration.ZERO : took);
    }

    private Counter canaryCounter(String cluster, CanaryVerdict verdict) {
        return Counter.builder("ctuner.canary.verdicts").tag("cluster", cluster).tag("verdict", verdict.name().toLowerCase(Locale.ROOT))
                .description("canary comparisons by verdict").register(registry);
    }

    private Timer timer(String cluster, RolloutState state) {
        return Timer.builder("ctuner.rollout.duration").tag("cluster", cluster).tag("state", state.name().toLowerCase(Locale.ROOT))
                .serviceLevelObjectives(BUCKETS).description("rollouts the orchestrator ended, from creation to end, by final state")
                .register(registry);
    }
}
