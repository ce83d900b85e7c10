package dev.ctuner.common.protocol;

/** Shared check for the string identifiers of the envelope. */
final class Identifiers {

    private Identifiers() {
    }

    static void check(String value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is required but was null");
        }
        // Surrounding whitespace would make "n1" and "n1 " two different Kafka keys.
        if (value.isBlank() || !value.strip().equals(value)) {
            throw new IllegalArgumentException(field + " must be non-blank without surrounding whitespace but was '"
                    + value + "'");
        }
    }
}
