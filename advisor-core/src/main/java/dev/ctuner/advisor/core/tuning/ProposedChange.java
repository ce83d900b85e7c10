package dev.ctuner.advisor.core.tuning;

import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.advisor.core.planning.TierClassifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One knob a proposal changes, with the cost tier that change alone needs.
 *
 * <pre>{@code
 * ProposedChange.between(current, proposed, tiers);   // [concurrent_reads 32 -> 64 (RESTART)]
 * }</pre>
 *
 * @param knob the knob
 * @param from its value now; empty when the current configuration does not set it
 * @param to   the proposed value
 * @param tier the costliest tier this one change needs (LIVE &lt; SCHEMA &lt; RESTART)
 */
public record ProposedChange(KnobName knob, Optional<KnobValue> from, KnobValue to, ApplyMode tier) {

    /** The knobs {@code proposed} sets to a value different from {@code current}'s, in knob order. */
    public static List<ProposedChange> between(Configuration current, Configuration proposed, TierClassifier tiers) {
        List<ProposedChange> out = new ArrayList<>();
        proposed.values().forEach((knob, value) -> {
            Optional<KnobValue> now = current.get(knob);
            if (now.isEmpty() || !now.get().equals(value)) {
                Configuration one = current.with(new Configuration(java.util.Map.of(knob, value)));
                ApplyMode tier = tiers.tiers(current, one).stream().max(Enum::compareTo).orElse(ApplyMode.LIVE);
                out.add(new ProposedChange(knob, now, value, tier));
            }
        });
        return out;
    }
}
