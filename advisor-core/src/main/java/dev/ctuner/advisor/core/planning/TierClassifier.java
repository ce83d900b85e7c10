package dev.ctuner.advisor.core.planning;

import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import java.util.Set;

/**
 * The cost tiers a change from one configuration to another needs (empty when nothing changes).
 *
 * <pre>{@code
 * TierClassifier tiers = new CatalogTiers(KnobCatalog.cassandra50(), facts);
 * tiers.tiers(sizeTiered, leveled);   // [SCHEMA]
 * }</pre>
 */
@FunctionalInterface
public interface TierClassifier {

    Set<ApplyMode> tiers(Configuration from, Configuration to);
}
