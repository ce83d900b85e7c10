package dev.ctuner.common.protocol.message;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Validation helpers for the compact constructors of protocol records.
 * Every failure names the field and the offending value, because these messages end up
 * verbatim in rejection details that an operator reads.
 */
final class Checks {

    private Checks() {
    }

    static <T> T required(T value, String field) {
        if (value == null) {
            throw new MissingFieldException(field);
        }
        return value;
    }

    static String nonBlank(String value, String field) {
        required(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank but was '" + value + "'");
        }
        return value;
    }

    /** Null stays null (unknown); a present value must not be blank. */
    static String nullableNonBlank(String value, String field) {
        return value == null ? null : nonBlank(value, field);
    }

    static Optional<String> optionalNonBlank(Optional<String> value, String field) {
        // Jackson hands us null when the property is absent; absent means empty.
        Optional<String> present = value == null ? Optional.empty() : value;
        present.ifPresent(v -> nonBlank(v, field));
        return present;
    }

    static long nonNegative(long value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0 but was " + value);
        }
        return value;
    }

    static int positive(int value, String field) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + " must be > 0 but was " + value);
        }
        return value;
    }

    static long positive(long value, String field) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + " must be > 0 but was " + value);
        }
        return value;
    }

    static Long nullableNonNegative(Long value, String field) {
        return value == null ? null : nonNegative(value.longValue(), field);
    }

    static double finiteNonNegative(double value, String field) {
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException(field + " must be a finite number >= 0 but was " + value);
        }
        return value;
    }

    static Double nullableFiniteNonNegative(Double value, String field) {
        return value == null ? null : finiteNonNegative(value, field);
    }

    static Double nullableFinite(Double value, String field) {
        if (value != null && !Double.isFinite(value)) {
            throw new IllegalArgumentException(field + " must be a finite number but was " + value);
        }
        return value;
    }

    static double ratio(double value, String field) {
        // The negated form also rejects NaN.
        if (!(value >= 0.0 && value <= 1.0)) {
            throw new IllegalArgumentException(field + " must be in [0, 1] but was " + value);
        }
        return value;
    }

    static Double nullableRatio(Double value, String field) {
        return value == null ? null : ratio(value, field);
    }

    /** Immutable copy; rejects null elements, naming their index. */
    static <T> List<T> list(List<T> value, String field) {
        required(value, field);
        for (int i = 0; i < value.size(); i++) {
            required(value.get(i), field + "[" + i + "]");
        }
        return List.copyOf(value);
    }

    static List<String> nonBlankList(List<String> value, String field) {
        List<String> copy = list(value, field);
        for (int i = 0; i < copy.size(); i++) {
            nonBlank(copy.get(i), field + "[" + i + "]");
        }
        return copy;
    }

    /** Immutable copy sorted by key, so encodings and logs are stable; keys and values non-blank. */
    static Map<String, String> sortedStrings(Map<String, String> value, String field) {
        Map<String, String> copy = sorted(value, field);
        copy.forEach((k, v) -> nonBlank(v, field + "['" + k + "']"));
        return copy;
    }

    /** Immutable copy sorted by key; keys non-blank, values non-null. */
    static <V> Map<String, V> sorted(Map<String, V> value, String field) {
        required(value, field);
        TreeMap<String, V> copy = new TreeMap<>();
        value.forEach((k, v) -> {
            nonBlank(k, field + " key");
            copy.put(k, required(v, field + "['" + k + "']"));
        });
        return Collections.unmodifiableSortedMap(copy);
    }

    static Map<String, Long> sortedCounts(Map<String, Long> value, String field) {
        Map<String, Long> copy = sorted(value, field);
        copy.forEach((k, v) -> nonNegative(v, field + "['" + k + "']"));
        return copy;
    }

    static <K extends Enum<K>> Map<K, Long> enumCounts(Map<K, Long> value, Class<K> keyType, String field) {
        required(value, field);
        EnumMap<K, Long> copy = new EnumMap<>(keyType);
        value.forEach((k, v) -> {
            required(k, field + " key");
            copy.put(k, nonNegative(required(v, field + "['" + k + "']"), field + "['" + k + "']"));
        });
        return Collections.unmodifiableMap(copy);
    }

    /** A UUID in its canonical text form (a Cassandra host id); returned lower-case. */
    static String uuid(String value, String field) {
        nonBlank(value, field);
        try {
            java.util.UUID parsed = java.util.UUID.fromString(value);
            if (!parsed.toString().equalsIgnoreCase(value)) {
                throw new IllegalArgumentException(value);
            }
            return parsed.toString();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + " must be a UUID such as 5b6962dd-3f90-4c93-8f61-eabfa4a803e2 but was '"
                    + value + "'");
        }
    }

    /** Immutable sorted copy of Murmur3 tokens; a token listed twice is an error (each is owned once). */
    static List<Long> sortedDistinctTokens(List<Long> value, String field) {
        List<Long> copy = new java.util.ArrayList<>(list(value, field));
        Collections.sort(copy);
        for (int i = 1; i < copy.size(); i++) {
            if (copy.get(i).equals(copy.get(i - 1))) {
                throw new IllegalArgumentException(field + " lists token " + copy.get(i) + " twice");
            }
        }
        return List.copyOf(copy);
    }

    static void notEmpty(Map<?, ?> value, String field) {
        if (value.isEmpty()) {
            throw new IllegalArgumentException(field + " must not be empty");
        }
    }
}
