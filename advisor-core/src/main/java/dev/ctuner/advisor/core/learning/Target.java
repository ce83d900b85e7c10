package dev.ctuner.advisor.core.learning;

import java.util.OptionalDouble;

/**
 * A performance quantity a surrogate predicts. Latencies are modelled on a log scale (they are
 * positive and skewed; an error of 10% means the same at 1 ms as at 100 ms).
 *
 * <pre>{@code
 * Target.P99_READ.toModelScale(1000.0);               // ln(1000)
 * Target.P99_READ.fromModelScale(Math.log(1000.0));   // 1000.0
 * }</pre>
 */
public enum Target {
    THROUGHPUT(false, "throughput (ops/s)"),
    P99_READ(true, "p99 read (µs)"),
    P99_WRITE(true, "p99 write (µs)");

    private final boolean logScale;
    private final String label;

    Target(boolean logScale, String label) {
        this.logScale = logScale;
        this.label = label;
    }

    /** The measured value of this target in a sample, if the run had it. */
    public OptionalDouble observed(Sample sample) {
        switch (this) {
            case THROUGHPUT:
                return OptionalDouble.of(sample.measured().throughput());
            case P99_READ:
                return sample.measured().p99ReadUs();
            default:
                return sample.measured().p99WriteUs();
        }
    }

    public boolean logScale() {
        return logScale;
    }

    /** Human label with unit. */
    public String label() {
        return label;
    }

    public double toModelScale(double value) {
        return logScale ? Math.log(value) : value;
    }

    public double fromModelScale(double value) {
        return logScale ? Math.exp(value) : value;
    }
}
