package dev.ctuner.advisor.core.planning;

import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Tiers from the knob catalog: each knob whose value differs contributes its apply mode for that
 * change ({@link Knob#applyModeFor}, so enabling the row cache from 0 is a restart). A knob missing
 * from a configuration has the catalog default.
 *
 * <pre>{@code
 * new CatalogTiers(KnobCatalog.cassandra50(), facts).tiers(current, proposed);   // e.g. [LIVE, RESTART]
 * }</pre>
 */
public final class CatalogTiers implements TierClassifier {

    private final KnobCatalog catalog;
    private final NodeFacts facts;

    public CatalogTiers(KnobCatalog catalog, NodeFacts facts) {
        this.catalog = catalog;
        this.facts = facts;
    }

    @Override
    public Set<ApplyMode> tiers(Configuration from, Configuration to) {
        Set<KnobName> names = new TreeSet<>(from.values().keySet());
        names.addAll(to.values().keySet());
        Set<ApplyMode> tiers = EnumSet.noneOf(ApplyMode.class);
        for (KnobName name : names) {
            Knob knob = catalog.knob(name).orElseThrow(() -> new IllegalArgumentException("unknown knob " + name));
            Optional<KnobValue> a = from.get(name).or(() -> catalog.defaultOf(name, facts));
            Optional<KnobValue> b = to.get(name).or(() -> catalog.defaultOf(name, facts));
            if (a.isPresent() && b.isPresent() && knob.sameValue(a.get(), b.get())) {
                continue;
            }
            if (a.isEmpty() || b.isEmpty()) {
                tiers.add(knob.applyMode());
            } else {
                tiers.add(knob.applyModeFor(a.get(), b.get()));
            }
        }
        return tiers;
    }
}
