package dev.ctuner.common.catalog;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** An immutable, sorted set of knob values (explicit settings, or a complete effective configuration). */
public record Configuration(Map<KnobName, KnobValue> values) {

    public static final Configuration EMPTY = new Configuration(Map.of());

    public Configuration {
        values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public Optional<KnobValue> get(KnobName name) {
        return Optional.ofNullable(values.get(name));
    }

    public Optional<KnobValue> get(String name) {
        return get(KnobName.of(name));
    }

    /** This configuration with {@code changes} laid over it. */
    public Configuration with(Configuration changes) {
        Map<KnobName, KnobValue> merged = new TreeMap<>(values);
        merged.putAll(changes.values);
        return new Configuration(merged);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }
}
