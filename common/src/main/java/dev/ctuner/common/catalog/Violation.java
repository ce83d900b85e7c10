package dev.ctuner.common.catalog;

import java.util.List;
import java.util.Objects;

/**
 * One reason a proposed configuration is not acceptable (or, as a WARNING, is acceptable but
 * probably not what was meant). Names the knob(s), the value given and what is allowed.
 */
public record Violation(Code code, Severity severity, List<String> knobs, String value, String allowed, String message) {

    public enum Code {
        UNKNOWN_KNOB, DUPLICATE, UNPARSEABLE, OUT_OF_RANGE, NOT_A_CHOICE, BOOTSTRAP_ONLY, EXCLUDED, NOT_IN_VERSION, CONSTRAINT
    }

    public enum Severity { ERROR, WARNING }

    public Violation {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        knobs = List.copyOf(knobs);
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(allowed, "allowed");
        Objects.requireNonNull(message, "message");
    }

    static Violation error(Code code, String knob, String value, String allowed, String message) {
        return new Violation(code, Severity.ERROR, List.of(knob), value, allowed, message);
    }

    @Override
    public String toString() {
        return severity + " " + code + " " + String.join("+", knobs) + "=" + value + " (allowed: " + allowed + "): " + message;
    }
}
