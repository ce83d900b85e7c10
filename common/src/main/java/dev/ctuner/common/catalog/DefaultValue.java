package dev.ctuner.common.catalog;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** A knob's default on a given node: fixed, derived (from node facts or other knobs), or unset. */
public sealed interface DefaultValue {

    /** The value in effect when no yaml or schema sets the knob; empty when Cassandra leaves it unset. */
    Optional<KnobValue> resolve(Context context);

    /** What a reader sees, e.g. {@code 32}, {@code min(512, heap/4)}. */
    String describe();

    /** What derived defaults may look at. */
    interface Context {
        NodeFacts facts();

        /** The effective value of another knob (explicit, or its own default). */
        Optional<KnobValue> valueOf(KnobName name);
    }

    record Fixed(KnobValue value) implements DefaultValue {
        public Fixed {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public Optional<KnobValue> resolve(Context context) {
            return Optional.of(value);
        }

        @Override
        public String describe() {
            return value.text();
        }
    }

    record Derived(String expression, Function<Context, KnobValue> rule) implements DefaultValue {
        public Derived {
            Objects.requireNonNull(expression, "expression");
            Objects.requireNonNull(rule, "rule");
        }

        @Override
        public Optional<KnobValue> resolve(Context context) {
            return Optional.of(rule.apply(context));
        }

        @Override
        public String describe() {
            return expression;
        }
    }

    /** Cassandra leaves the setting unset and decides elsewhere (e.g. per SSTable format). */
    record Unset(String meaning) implements DefaultValue {
        @Override
        public Optional<KnobValue> resolve(Context context) {
            return Optional.empty();
        }

        @Override
        public String describe() {
            return "unset: " + meaning;
        }
    }
}
