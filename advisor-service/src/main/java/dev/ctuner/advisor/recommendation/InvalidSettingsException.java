package dev.ctuner.advisor.recommendation;

import dev.ctuner.advisor.core.vetting.GateFailure;
import java.util.List;

/**
 * Submitted settings the catalog refuses; carries every violation.
 *
 * <pre>{@code
 * catch (InvalidSettingsException e) { e.violations(); }
 * }</pre>
 */
public final class InvalidSettingsException extends RuntimeException {

    private final List<GateFailure> violations;

    public InvalidSettingsException(List<GateFailure> violations) {
        super(violations.size() + " setting(s) violate the knob catalog");
        this.violations = List.copyOf(violations);
    }

    public InvalidSettingsException(String message, List<GateFailure> violations) {
        super(message);
        this.violations = List.copyOf(violations);
    }

    public List<GateFailure> violations() {
        return violations;
    }
}
