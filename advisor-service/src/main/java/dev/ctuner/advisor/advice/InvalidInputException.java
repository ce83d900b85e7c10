package dev.ctuner.advisor.advice;

import java.util.List;

/**
 * An advice or plan request the domain refuses; carries every violation, not just the first.
 *
 * <pre>{@code
 * catch (InvalidInputException e) { e.violations(); }
 * }</pre>
 */
public final class InvalidInputException extends RuntimeException {

    private final List<InputViolation> violations;

    public InvalidInputException(List<InputViolation> violations) {
        super(violations.size() + " problem(s) with the request: "
                + String.join("; ", violations.stream().map(InputViolation::message).toList()));
        this.violations = List.copyOf(violations);
    }

    public List<InputViolation> violations() {
        return violations;
    }
}
