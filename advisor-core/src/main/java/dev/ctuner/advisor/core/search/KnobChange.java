package dev.ctuner.advisor.core.search;

import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import java.util.Optional;

/**
 * One difference between the current configuration and a recommendation.
 *
 * <pre>{@code
 * new KnobChange(KnobName.of("concurrent_writes"), Optional.of(KnobValue.of(32)), KnobValue.of(64));
 * }</pre>
 *
 * @param from the current value (explicit or default), empty when the node leaves it unset
 */
public record KnobChange(KnobName knob, Optional<KnobValue> from, KnobValue to) {
}
