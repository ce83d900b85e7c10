package dev.ctuner.sidecar.bench;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Collects the latencies and errors of one phase, per operation type. Completions arrive on the
 * driver's I/O threads, so everything here is safe for concurrent recording.
 */
final class PhaseRecorder {

    /** One hour: anything slower is recorded as one hour rather than lost. */
    static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);
    static final int SIGNIFICANT_DIGITS = 3;

    private final Map<OperationType, ConcurrentHistogram> latencies = new EnumMap<>(OperationType.class);
    private final Map<OperationType, Map<String, LongAdder>> errors = new EnumMap<>(OperationType.class);
    private final LongAdder completed = new LongAdder();

    PhaseRecorder() {
        for (OperationType type : OperationType.values()) {
            latencies.put(type, new ConcurrentHistogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS));
            errors.put(type, new ConcurrentHashMap<>());
        }
    }

    void success(OperationType type, long latencyNanos) {
        long micros = Math.max(0, Math.min(HIGHEST_MICROS, TimeUnit.NANOSECONDS.toMicros(latencyNanos)));
        latencies.get(type).recordValue(micros);
        completed.increment();
    }

    void failure(OperationType type, Throwable error) {
        errors.get(type).computeIfAbsent(errorName(error), name -> new LongAdder()).increment();
        completed.increment();
    }

    long completed() {
        return completed.sum();
    }

    /** Adds this phase's latencies of {@code type} to {@code target}. */
    void addLatenciesTo(OperationType type, Histogram target) {
        target.add(latencies.get(type));
    }

    Map<String, Long> errors(OperationType type) {
        Map<String, Long> counts = new HashMap<>();
        errors.get(type).forEach((name, count) -> counts.put(name, count.sum()));
        return counts;
    }

    Map<OperationType, OperationStats> stats() {
        Map<OperationType, OperationStats> stats = new EnumMap<>(OperationType.class);
        for (OperationType type : OperationType.values()) {
            stats.put(type, OperationStats.of(latencies.get(type).copy(), errors(type)));
        }
        return stats;
    }

    static Histogram newHistogram() {
        return new Histogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }

    /** The class of the real failure: the driver's futures wrap it in CompletionException. */
    static String errorName(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName();
    }
}
