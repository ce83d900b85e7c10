package dev.ctuner.advisor.core.vetting;

import dev.ctuner.common.catalog.KnobCatalog;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every vetting gate (catalog and constraints, predicted gain, a race on a real node for a
 * model's recommendation, cost tier) and gathers every
 * failure: a candidate passes only when the list is empty.
 *
 * <pre>{@code
 * VettingReport report = Vetting.standard(KnobCatalog.cassandra50()).vet(candidate, policy);
 * report.passed();    // false
 * report.failures();  // [catalog: concurrent_reads=0 is below 1 ..., cost: ... RESTART ...]
 * }</pre>
 */
public final class Vetting {

    private final List<VettingGate> gates;
    private final CostTierGate cost;

    public Vetting(List<VettingGate> gates, CostTierGate cost) {
        this.gates = List.copyOf(gates);
        this.cost = cost;
    }

    public static Vetting standard(KnobCatalog catalog) {
        CostTierGate cost = new CostTierGate(catalog);
        return new Vetting(List.of(new CatalogGate(catalog), new GainGate(), new RaceGate(cost), cost), cost);
    }

    public VettingReport vet(Candidate candidate, VettingPolicy policy) {
        List<GateFailure> failures = new ArrayList<>();
        for (VettingGate gate : gates) {
            failures.addAll(gate.check(candidate, policy));
        }
        return new VettingReport(failures, cost.tierOf(candidate));
    }
}
