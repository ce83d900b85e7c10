package dev.ctuner.advisor.core.racing;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/** Reported values by (candidate, instance), shared by the races of one tuning so elites' results are reused. */
final class Results {

    private record Key(int candidate, int instance) {
    }

    private final Map<Key, Double> values = new HashMap<>();

    void put(int candidate, int instance, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("c" + candidate + " on instance " + instance + ": value must be finite, was " + value);
        }
        if (values.putIfAbsent(new Key(candidate, instance), value) != null) {
            throw new IllegalArgumentException("c" + candidate + " on instance " + instance + " was reported already");
        }
    }

    boolean has(int candidate, int instance) {
        return values.containsKey(new Key(candidate, instance));
    }

    OptionalDouble get(int candidate, int instance) {
        Double v = values.get(new Key(candidate, instance));
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    double value(int candidate, int instance) {
        return get(candidate, instance).orElseThrow(() -> new IllegalStateException("no result for c" + candidate
                + " on instance " + instance));
    }

    int size() {
        return values.size();
    }
}
