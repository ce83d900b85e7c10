package dev.ctuner.advisor.core.vetting;

import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.ValidationReport;
import java.util.List;

/**
 * The settings must be known knobs with values inside their domains, no bootstrap-only or
 * excluded knob without opt-in, and every cross-knob constraint must hold ({@link KnobCatalog#validate}).
 *
 * <pre>{@code
 * new CatalogGate(KnobCatalog.cassandra50()).check(candidate, policy);
 * }</pre>
 */
public final class CatalogGate implements VettingGate {

    private final KnobCatalog catalog;

    public CatalogGate(KnobCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public List<GateFailure> check(Candidate candidate, VettingPolicy policy) {
        if (candidate.settings().isEmpty()) {
            return List.of(new GateFailure("catalog", List.of(), "no settings to change"));
        }
        ValidationReport report = catalog.validate(candidate.settings(), candidate.current(), candidate.facts(),
                candidate.optedIn());
        return report.errors().stream()
                .map(v -> new GateFailure("catalog", v.knobs(), v.message() + " (allowed: " + v.allowed() + ")"))
                .toList();
    }
}
