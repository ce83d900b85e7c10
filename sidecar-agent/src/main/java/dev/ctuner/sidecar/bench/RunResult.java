package dev.ctuner.sidecar.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a run did: totals, statistics per operation type over all phases, each phase's own result,
 * and the recorded key sequence.
 *
 * <pre>{@code
 * RunResult r = new WorkloadDriver().run(session, spec, schedule);
 * System.out.printf("%.0f ops/s, read p99 %d us%n", r.throughput(),
 *         r.perOperation().get(OperationType.READ).p99Micros());
 * }</pre>
 *
 * @param start        when the first phase started
 * @param end          when the last phase ended
 * @param operations   operations issued
 * @param errors       operations that failed
 * @param throughput   successful operations per second over [start, end]
 * @param perOperation statistics per operation type, all phases merged
 * @param phases       each phase's result, in schedule order (fewer than scheduled if interrupted)
 * @param keySequence  the recorded keys; empty when recording was off
 */
public record RunResult(Instant start, Instant end, long operations, long errors, double throughput,
        Map<OperationType, OperationStats> perOperation, List<PhaseResult> phases, KeySequence keySequence) {

    public RunResult {
        perOperation = Collections.unmodifiableMap(new EnumMap<>(perOperation));
        phases = List.copyOf(phases);
    }

    public Duration elapsed() {
        return Duration.between(start, end);
    }

    /** Successful operations of all types. */
    public long successes() {
        return perOperation.values().stream().mapToLong(OperationStats::count).sum();
    }
}
