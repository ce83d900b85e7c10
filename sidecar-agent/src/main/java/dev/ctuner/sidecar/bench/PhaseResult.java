package dev.ctuner.sidecar.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * What one phase did.
 *
 * @param name         the phase's name
 * @param start        when it started issuing
 * @param end          when its last request finished (or the drain wait gave up)
 * @param issued       operations sent
 * @param errors       operations that failed
 * @param throughput   successful operations per second over [start, end]
 * @param notIssued    open loop only: operations due before the phase ended that were never sent
 *                     because the driver fell behind; a sign that the target rate was not reached
 * @param unfinished   operations still in flight when the drain wait timed out (normally 0)
 * @param perOperation statistics per operation type
 */
public record PhaseResult(String name, Instant start, Instant end, long issued, long errors, double throughput,
        long notIssued, long unfinished, Map<OperationType, OperationStats> perOperation) {

    public PhaseResult {
        perOperation = Collections.unmodifiableMap(new EnumMap<>(perOperation));
    }

    public Duration elapsed() {
        return Duration.between(start, end);
    }

    /** Successful operations of all types. */
    public long successes() {
        return perOperation.values().stream().mapToLong(OperationStats::count).sum();
    }
}
