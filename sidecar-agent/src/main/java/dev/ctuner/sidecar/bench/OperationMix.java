package dev.ctuner.sidecar.bench;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * The proportion of each operation type in a workload. Proportions are finite, non-negative and sum
 * to 1 (within 1e-6, so that decimal trace files like 0.33/0.33/0.34 are accepted).
 *
 * <pre>{@code
 * OperationMix mix = OperationMix.builder().read(0.95).update(0.05).build();
 * OperationMix same = OperationMix.parse("read=0.95,update=0.05");
 * OperationType next = mix.choose(new SplittableRandom(42));
 * }</pre>
 *
 * @param proportions proportion per type; types left out have proportion 0
 */
public record OperationMix(Map<OperationType, Double> proportions) {

    static final double SUM_TOLERANCE = 1e-6;

    public OperationMix {
        if (proportions == null) {
            throw new IllegalArgumentException("an operation mix needs proportions");
        }
        EnumMap<OperationType, Double> copy = new EnumMap<>(OperationType.class);
        double sum = 0;
        for (Map.Entry<OperationType, Double> e : proportions.entrySet()) {
            double p = e.getValue() == null ? Double.NaN : e.getValue();
            if (!(p >= 0) || Double.isInfinite(p)) {
                throw new IllegalArgumentException("proportion of " + e.getKey().shortName()
                        + " must be a finite number >= 0, got " + e.getValue());
            }
            if (p > 0) {
                copy.put(e.getKey(), p);
                sum += p;
            }
        }
        if (Math.abs(sum - 1.0) > SUM_TOLERANCE) {
            throw new IllegalArgumentException("operation proportions must sum to 1, but "
                    + (copy.isEmpty() ? "none is positive" : describe(copy) + " sums to " + sum));
        }
        proportions = Collections.unmodifiableMap(copy);
    }

    /** YCSB workload A: update heavy (50% read, 50% update). */
    public static OperationMix ycsbA() {
        return builder().read(0.5).update(0.5).build();
    }

    /** YCSB workload B: read mostly (95% read, 5% update). */
    public static OperationMix ycsbB() {
        return builder().read(0.95).update(0.05).build();
    }

    /** YCSB workload C: read only. */
    public static OperationMix ycsbC() {
        return builder().read(1).build();
    }

    /** YCSB workload D: read latest (95% read, 5% insert; pair it with the LATEST distribution). */
    public static OperationMix ycsbD() {
        return builder().read(0.95).insert(0.05).build();
    }

    /** YCSB workload E: short ranges (95% scan, 5% insert). */
    public static OperationMix ycsbE() {
        return builder().scan(0.95).insert(0.05).build();
    }

    /** YCSB workload F: read-modify-write (50% read, 50% read-modify-write). */
    public static OperationMix ycsbF() {
        return builder().read(0.5).readModifyWrite(0.5).build();
    }

    /**
     * Parses {@code name=proportion} pairs separated by commas, e.g. {@code read=0.5,update=0.5}. Names
     * are those of {@link OperationType#fromName}.
     */
    public static OperationMix parse(String text) {
        Builder builder = builder();
        for (String pair : text.split(",")) {
            String[] parts = pair.split("=", -1);
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                throw new IllegalArgumentException("operation mix entries look like read=0.5, got '" + pair.trim()
                        + "' in '" + text + "'");
            }
            double p;
            try {
                p = Double.parseDouble(parts[1].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("proportion of " + parts[0].trim() + " is not a number: '"
                        + parts[1].trim() + "'", e);
            }
            builder.with(OperationType.fromName(parts[0]), p);
        }
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The proportion of {@code type}, 0 when it is not in the mix. */
    public double proportion(OperationType type) {
        return proportions.getOrDefault(type, 0.0);
    }

    /** Draws an operation type with probability equal to its proportion, using one draw of {@code rng}. */
    public OperationType choose(RandomGenerator rng) {
        return chooseAt(rng.nextDouble());
    }

    /** The operation at point {@code u} in [0, 1) of the cumulative proportions, in enum order. */
    OperationType chooseAt(double u) {
        // Proportions may sum to slightly less than 1: scale u so that every u in [0, 1) lands on a type.
        double total = 0;
        for (double p : proportions.values()) {
            total += p;
        }
        double target = u * total;
        double cumulative = 0;
        OperationType last = null;
        for (Map.Entry<OperationType, Double> e : proportions.entrySet()) {
            cumulative += e.getValue();
            last = e.getKey();
            if (target < cumulative) {
                return last;
            }
        }
        return last;
    }

    @Override
    public String toString() {
        return describe(proportions);
    }

    private static String describe(Map<OperationType, Double> proportions) {
        return proportions.entrySet().stream().map(e -> e.getKey().shortName() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    /** Builds a mix; types not set have proportion 0. */
    public static final class Builder {
        private final EnumMap<OperationType, Double> proportions = new EnumMap<>(OperationType.class);

        private Builder() {
        }

        /** Sets the proportion of {@code type}; setting the same type twice is an error. */
        public Builder with(OperationType type, double proportion) {
            if (proportions.put(type, proportion) != null) {
                throw new IllegalArgumentException(type.shortName() + " is given twice in the operation mix");
            }
            return this;
        }

        public Builder read(double p) {
            return with(OperationType.READ, p);
        }

        public Builder update(double p) {
            return with(OperationType.UPDATE, p);
        }

        public Builder insert(double p) {
            return with(OperationType.INSERT, p);
        }

        public Builder scan(double p) {
            return with(OperationType.SCAN, p);
        }

        public Builder readModifyWrite(double p) {
            return with(OperationType.READ_MODIFY_WRITE, p);
        }

        public Builder lwt(double p) {
            return with(OperationType.LWT, p);
        }

        public Builder batch(double p) {
            return with(OperationType.BATCH, p);
        }

        public OperationMix build() {
            return new OperationMix(proportions);
        }
    }
}
