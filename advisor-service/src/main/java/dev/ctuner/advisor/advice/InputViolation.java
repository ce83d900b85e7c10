package dev.ctuner.advisor.advice;

import dev.ctuner.common.catalog.Violation;

/**
 * One thing wrong with an advice or plan request: the field, the value given, what is allowed and
 * why. Catalog violations of a configuration keep the catalog's code.
 *
 * <pre>{@code
 * new InputViolation("workload", "SUM", "0.9", "proportions summing to 1 (±0.01)", "operation proportions sum to 0.9");
 * }</pre>
 */
public record InputViolation(String field, String code, String value, String allowed, String message) {

    /** A catalog violation of the configuration under {@code field} ({@code current}, {@code candidates[2]}). */
    static InputViolation of(String field, Violation v) {
        return new InputViolation(field + "." + String.join("+", v.knobs()), v.code().name(), v.value(), v.allowed(),
                v.message());
    }
}
