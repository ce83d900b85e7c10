package dev.ctuner.advisor.core.learning;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What one experiment measured: throughput and, when the run had such operations, p99 latencies.
 *
 * <pre>{@code
 * new Measurements(41_000, OptionalDouble.of(2_300), OptionalDouble.empty());  // a read-only run
 * }</pre>
 *
 * @param throughput successful operations per second
 * @param p99ReadUs  99th percentile read latency in microseconds
 * @param p99WriteUs 99th percentile write (UPDATE) latency in microseconds
 */
public record Measurements(double throughput, OptionalDouble p99ReadUs, OptionalDouble p99WriteUs) {

    public Measurements {
        Objects.requireNonNull(p99ReadUs, "p99ReadUs");
        Objects.requireNonNull(p99WriteUs, "p99WriteUs");
        if (!(throughput >= 0) || Double.isInfinite(throughput)) {
            throw new IllegalArgumentException("throughput must be finite and not negative, was " + throughput);
        }
        checkLatency(p99ReadUs, "p99ReadUs");
        checkLatency(p99WriteUs, "p99WriteUs");
    }

    private static void checkLatency(OptionalDouble latency, String name) {
        if (latency.isPresent() && !(latency.getAsDouble() > 0 && Double.isFinite(latency.getAsDouble()))) {
            throw new IllegalArgumentException(name + " must be positive and finite, was " + latency.getAsDouble());
        }
    }
}
