package dev.ctuner.common.catalog;

import java.util.Objects;

/** A typed value of a knob, in the knob's own unit. */
public sealed interface KnobValue {

    /** Plain text of the value without a unit ({@code 64}, {@code 0.33}, {@code true}, {@code big}). */
    String text();

    /** A whole number in the knob's unit. */
    record IntValue(long value) implements KnobValue {
        @Override
        public String text() {
            return Long.toString(value);
        }
    }

    /** A real number. */
    record RealValue(double value) implements KnobValue {
        public RealValue {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("real knob value must be finite, was " + value);
            }
        }

        @Override
        public String text() {
            return Double.toString(value);
        }
    }

    /** A boolean. */
    record BoolValue(boolean value) implements KnobValue {
        @Override
        public String text() {
            return Boolean.toString(value);
        }
    }

    /** One of an enumeration's choices, spelled as the catalog lists it. */
    record EnumValue(String value) implements KnobValue {
        public EnumValue {
            Objects.requireNonNull(value, "enum value");
        }

        @Override
        public String text() {
            return value;
        }
    }

    static KnobValue of(long value) {
        return new IntValue(value);
    }

    static KnobValue of(double value) {
        return new RealValue(value);
    }

    static KnobValue of(boolean value) {
        return new BoolValue(value);
    }

    static KnobValue of(String choice) {
        return new EnumValue(choice);
    }
}
