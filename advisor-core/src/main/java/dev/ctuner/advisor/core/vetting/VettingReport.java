package dev.ctuner.advisor.core.vetting;

import dev.ctuner.common.catalog.ApplyMode;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The outcome of vetting: every failed reason, and the cost tier of the change.
 *
 * <pre>{@code
 * report.passed() ? "vetted" : report.summary();
 * }</pre>
 */
public record VettingReport(List<GateFailure> failures, ApplyMode tier) {

    public VettingReport {
        failures = List.copyOf(failures);
    }

    public boolean passed() {
        return failures.isEmpty();
    }

    /** One line per failure, for an audit record. */
    public String summary() {
        return passed() ? "all vetting gates passed (tier " + tier + ")"
                : failures.stream().map(f -> f.gate() + ": " + f.reason()).collect(Collectors.joining("; "));
    }
}
