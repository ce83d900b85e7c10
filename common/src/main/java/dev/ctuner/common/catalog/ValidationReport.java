package dev.ctuner.common.catalog;

import java.util.List;

/**
 * The outcome of validating proposed settings: the parsed configuration (the values that parsed)
 * and every violation found, errors and warnings, in a stable order.
 */
public record ValidationReport(Configuration parsed, List<Violation> violations) {

    public ValidationReport {
        violations = List.copyOf(violations);
    }

    /** True when no violation is an ERROR (warnings are allowed). */
    public boolean isValid() {
        return errors().isEmpty();
    }

    public List<Violation> errors() {
        return violations.stream().filter(v -> v.severity() == Violation.Severity.ERROR).toList();
    }

    public List<Violation> warnings() {
        return violations.stream().filter(v -> v.severity() == Violation.Severity.WARNING).toList();
    }
}
