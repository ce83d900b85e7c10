package dev.ctuner.advisor.core.lifecycle;

import java.util.List;

/**
 * A move the transition table does not allow; names the current state and the moves that are.
 *
 * <pre>{@code
 * catch (IllegalTransitionException e) { e.current(); e.allowed(); }  // "VERIFIED", []
 * }</pre>
 */
public final class IllegalTransitionException extends RuntimeException {

    private final String current;
    private final String requested;
    private final List<String> allowed;

    public IllegalTransitionException(String machine, String current, String requested, List<String> allowed) {
        super(machine + " cannot move from " + current + " to " + requested + "; allowed from " + current + ": "
                + (allowed.isEmpty() ? "none (final state)" : String.join(", ", allowed)));
        this.current = current;
        this.requested = requested;
        this.allowed = List.copyOf(allowed);
    }

    public String current() {
        return current;
    }

    public String requested() {
        return requested;
    }

    public List<String> allowed() {
        return allowed;
    }
}
