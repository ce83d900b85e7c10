package dev.ctuner.sidecar.bench;

import java.time.Duration;
import java.time.temporal.ChronoUnit;

/**
 * When a phase stops issuing: after {@code maxOperations} operations or after {@code maxDuration},
 * whichever comes first. At least one of the two is bounded, so that every run ends by itself.
 *
 * <pre>{@code
 * StopCondition.operations(100_000);
 * StopCondition.duration(Duration.ofMinutes(5));
 * StopCondition.firstOf(100_000, Duration.ofMinutes(5));
 * }</pre>
 *
 * @param maxOperations operations to issue, or {@link #NO_OPERATION_LIMIT}
 * @param maxDuration   time to issue for, or {@link #NO_TIME_LIMIT}
 */
public record StopCondition(long maxOperations, Duration maxDuration) {

    public static final long NO_OPERATION_LIMIT = Long.MAX_VALUE;
    public static final Duration NO_TIME_LIMIT = ChronoUnit.FOREVER.getDuration();
    private static final long MAX_DEADLINE_NANOS = Duration.ofDays(36_500).toNanos();

    public StopCondition {
        if (maxDuration == null) {
            throw new IllegalArgumentException("use StopCondition.NO_TIME_LIMIT for no time limit, not null");
        }
        if (maxOperations < 1) {
            throw new IllegalArgumentException("operation limit must be >= 1, got " + maxOperations);
        }
        if (maxDuration.isNegative() || maxDuration.isZero()) {
            throw new IllegalArgumentException("duration limit must be positive, got " + maxDuration);
        }
        if (maxOperations == NO_OPERATION_LIMIT && maxDuration.equals(NO_TIME_LIMIT)) {
            throw new IllegalArgumentException("a phase needs an operation limit, a duration limit or both");
        }
    }

    public static StopCondition operations(long maxOperations) {
        return new StopCondition(maxOperations, NO_TIME_LIMIT);
    }

    public static StopCondition duration(Duration maxDuration) {
        return new StopCondition(NO_OPERATION_LIMIT, maxDuration);
    }

    public static StopCondition firstOf(long maxOperations, Duration maxDuration) {
        return new StopCondition(maxOperations, maxDuration);
    }

    public boolean hasTimeLimit() {
        return !maxDuration.equals(NO_TIME_LIMIT);
    }

    /**
     * The System.nanoTime() value at which a phase started at {@code startNanos} must stop. Like
     * nanoTime values it may wrap around, so compare it by difference ({@code deadline - now > 0}).
     * Without a time limit (or with one beyond 100 years) the deadline is 100 years away: far enough
     * never to come, near enough for differences not to overflow.
     */
    long deadlineNanos(long startNanos) {
        long limit = MAX_DEADLINE_NANOS;
        if (hasTimeLimit() && maxDuration.compareTo(Duration.ofNanos(MAX_DEADLINE_NANOS)) < 0) {
            limit = maxDuration.toNanos();
        }
        return startNanos + limit;
    }

    @Override
    public String toString() {
        String ops = maxOperations == NO_OPERATION_LIMIT ? null : maxOperations + " operations";
        String time = hasTimeLimit() ? maxDuration.toString() : null;
        return ops == null ? time : time == null ? ops : ops + " or " + time;
    }
}
