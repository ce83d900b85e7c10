package dev.ctuner.sidecar.bench;

import java.time.Duration;

/**
 * One stretch of a run with a steady workload: its operation mix, key distribution, load and length.
 *
 * <pre>{@code
 * Phase warm = Phase.builder("warm-up")
 *         .mix(OperationMix.ycsbB()).keys(KeyDistribution.zipfian())
 *         .load(LoadControl.open(2000)).stop(StopCondition.duration(Duration.ofMinutes(2)))
 *         .build();
 * }</pre>
 *
 * @param name label in results and logs
 * @param stop when the phase stops issuing
 * @param mix  operation proportions
 * @param keys key distribution; its chooser is made afresh at the start of the phase, over the
 *             records existing then (loaded plus inserted so far)
 * @param load closed or open loop
 */
public record Phase(String name, StopCondition stop, OperationMix mix, KeyDistribution keys, LoadControl load) {

    public Phase {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a phase needs a name");
        }
        if (stop == null || mix == null || keys == null || load == null) {
            throw new IllegalArgumentException("phase '" + name + "' needs a stop condition, a mix, a key "
                    + "distribution and a load control");
        }
    }

    /**
     * A builder with defaults: YCSB workload A's mix, the (unscrambled) Zipfian distribution, a closed
     * loop of 16 requests in flight. The stop condition has no default.
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Builds a {@link Phase}. */
    public static final class Builder {
        private final String name;
        private StopCondition stop;
        private OperationMix mix = OperationMix.ycsbA();
        private KeyDistribution keys = KeyDistribution.zipfian();
        private LoadControl load = LoadControl.closed(16);

        private Builder(String name) {
            this.name = name;
        }

        public Builder stop(StopCondition stop) {
            this.stop = stop;
            return this;
        }

        public Builder operations(long operations) {
            return stop(StopCondition.operations(operations));
        }

        public Builder duration(Duration duration) {
            return stop(StopCondition.duration(duration));
        }

        public Builder mix(OperationMix mix) {
            this.mix = mix;
            return this;
        }

        public Builder keys(KeyDistribution keys) {
            this.keys = keys;
            return this;
        }

        public Builder load(LoadControl load) {
            this.load = load;
            return this;
        }

        public Phase build() {
            return new Phase(name, stop, mix, keys, load);
        }
    }
}
