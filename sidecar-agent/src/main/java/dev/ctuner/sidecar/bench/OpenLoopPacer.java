package dev.ctuner.sidecar.bench;

/**
 * The open-loop timetable of one phase: operation {@code i} (0-based) is due at
 * {@code start + i * 1e9 / opsPerSecond} nanoseconds. The timetable never shifts: when the driver
 * falls behind, the next operations are already due, are issued at once, and their latency (measured
 * from the due time) shows the backlog. See {@link LoadControl.OpenLoop}.
 *
 * <pre>{@code
 * OpenLoopPacer pacer = new OpenLoopPacer(1000, phaseStartNanos);
 * pacer.intendedStartNanos(3);    // phaseStartNanos + 3_000_000
 * }</pre>
 */
final class OpenLoopPacer {

    private final double opsPerSecond;
    private final long startNanos;

    OpenLoopPacer(double opsPerSecond, long startNanos) {
        if (!(opsPerSecond > 0) || Double.isInfinite(opsPerSecond)) {
            throw new IllegalArgumentException("rate must be a finite number > 0, got " + opsPerSecond);
        }
        this.opsPerSecond = opsPerSecond;
        this.startNanos = startNanos;
    }

    /** When operation {@code index} of the phase is due. Computed from the index, so no error accumulates. */
    long intendedStartNanos(long index) {
        return startNanos + Math.round(index * 1e9 / opsPerSecond);
    }

    /** How many operations are due strictly before {@code nanos}: the length of the timetable up to then. */
    long dueBefore(long nanos) {
        if (nanos - startNanos <= 0) {
            return 0;
        }
        long count = (long) Math.ceil((nanos - startNanos) * opsPerSecond / 1e9);
        // Correct the floating-point estimate against intendedStartNanos, the definition.
        while (count > 0 && intendedStartNanos(count - 1) - nanos >= 0) {
            count--;
        }
        while (intendedStartNanos(count) - nanos < 0) {
            count++;
        }
        return count;
    }
}
