package dev.ctuner.common.catalog;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** The values a knob may take. Numeric bounds are inclusive and in the knob's unit. */
public sealed interface Domain {

    /** How a learner should encode the domain (log scale where it spans orders of magnitude). */
    enum Scale { LINEAR, LOG }

    /** Human-readable description of the domain resolved for a node, e.g. {@code [2, 16] step 1}. */
    String describe(NodeFacts facts);

    /**
     * A whole-number range.
     *
     * @param powersOfTwo only powers of two are legal (Cassandra's compression chunk length)
     */
    record IntegerRange(Bound min, Bound max, long step, Scale scale, boolean powersOfTwo) implements Domain {
        public IntegerRange {
            Objects.requireNonNull(min, "min");
            Objects.requireNonNull(max, "max");
            Objects.requireNonNull(scale, "scale");
            if (step < 1) {
                throw new IllegalArgumentException("step must be at least 1, was " + step);
            }
        }

        public long min(NodeFacts facts) {
            return (long) Math.ceil(min.resolve(facts));
        }

        public long max(NodeFacts facts) {
            return (long) Math.floor(max.resolve(facts));
        }

        /** Why {@code value} is illegal on this node, or empty if it is legal. */
        public Optional<String> check(long value, NodeFacts facts) {
            long lo = min(facts);
            long hi = max(facts);
            if (value < lo || value > hi) {
                return Optional.of("outside " + describe(facts));
            }
            if ((value - lo) % step != 0) {
                return Optional.of("not on the step of " + describe(facts));
            }
            if (powersOfTwo && Long.bitCount(value) != 1) {
                return Optional.of("not a power of two");
            }
            return Optional.empty();
        }

        @Override
        public String describe(NodeFacts facts) {
            StringBuilder text = new StringBuilder("[").append(min(facts)).append(", ").append(max(facts)).append(']');
            if (!min.isConstant() || !max.isConstant()) {
                text.append(" (").append(min.expression()).append(" .. ").append(max.expression()).append(')');
            }
            if (step > 1) {
                text.append(" step ").append(step);
            }
            if (powersOfTwo) {
                text.append(" powers of two");
            }
            return text.toString();
        }
    }

    /** A real-number range; {@code step} 0 means continuous. */
    record RealRange(Bound min, Bound max, double step, Scale scale) implements Domain {
        public RealRange {
            Objects.requireNonNull(min, "min");
            Objects.requireNonNull(max, "max");
            Objects.requireNonNull(scale, "scale");
            if (step < 0) {
                throw new IllegalArgumentException("step must not be negative, was " + step);
            }
        }

        public Optional<String> check(double value, NodeFacts facts) {
            double lo = min.resolve(facts);
            double hi = max.resolve(facts);
            if (value < lo || value > hi) {
                return Optional.of("outside " + describe(facts));
            }
            return Optional.empty();
        }

        @Override
        public String describe(NodeFacts facts) {
            return "[" + min.resolve(facts) + ", " + max.resolve(facts) + "]";
        }
    }

    /** true or false. */
    record BooleanDomain() implements Domain {
        @Override
        public String describe(NodeFacts facts) {
            return "{true, false}";
        }
    }

    /** One of a fixed list, matched case-insensitively; a Java package prefix is ignored. */
    record Choices(List<String> values) implements Domain {
        public Choices {
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("choices must not be empty");
            }
        }

        /** The catalog spelling of {@code text}: {@code org.apache...LeveledCompactionStrategy} → {@code LeveledCompactionStrategy}. */
        public Optional<String> match(String text) {
            String trimmed = text.trim();
            String simple = trimmed.substring(trimmed.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
            return values.stream().filter(v -> v.toLowerCase(Locale.ROOT).equals(simple)).findFirst();
        }

        @Override
        public String describe(NodeFacts facts) {
            return "{" + String.join(", ", values) + "}";
        }
    }
}
