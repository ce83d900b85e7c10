package dev.ctuner.advisor.core.vetting;

import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A change may cost at most the operator's tier: LIVE (JMX), SCHEMA (ALTER TABLE) or RESTART
 * (rolling restart). The tier of a change is the most expensive apply mode of its knobs (EUNOMIA
 * section 4.5: most knobs need a restart, a few apply live).
 *
 * <pre>{@code
 * new CostTierGate(KnobCatalog.cassandra50()).tierOf(candidate);  // ApplyMode.RESTART
 * }</pre>
 */
public final class CostTierGate implements VettingGate {

    private final KnobCatalog catalog;

    public CostTierGate(KnobCatalog catalog) {
        this.catalog = catalog;
    }

    /** The apply mode of every knob the candidate changes that the catalog knows and can parse. */
    public Map<String, ApplyMode> modes(Candidate candidate) {
        Configuration effective = catalog.effective(candidate.current(), candidate.facts());
        Map<String, ApplyMode> modes = new TreeMap<>();
        candidate.settings().forEach((name, text) -> catalog.lookup(name).ifPresent(knob -> {
            Optional<KnobValue> to = parse(knob, name, text);
            Optional<KnobValue> from = effective.get(knob.name());
            if (to.isPresent()) {
                modes.put(knob.name().value(), from.map(f -> knob.applyModeFor(f, to.get())).orElse(knob.applyMode()));
            }
        }));
        return modes;
    }

    /** The most expensive apply mode among the candidate's knobs; LIVE when there are none. */
    public ApplyMode tierOf(Candidate candidate) {
        return modes(candidate).values().stream().max(Enum::compareTo).orElse(ApplyMode.LIVE);
    }

    @Override
    public List<GateFailure> check(Candidate candidate, VettingPolicy policy) {
        List<GateFailure> failures = new ArrayList<>();
        modes(candidate).forEach((knob, mode) -> {
            // BOOTSTRAP knobs are never changed; the catalog gate already says so
            if (mode != ApplyMode.BOOTSTRAP && mode.compareTo(policy.maxTier()) > 0) {
                failures.add(new GateFailure("cost", List.of(knob), knob + " is applied by " + mode
                        + " but the operator accepts at most " + policy.maxTier()));
            }
        });
        return failures;
    }

    private static Optional<KnobValue> parse(Knob knob, String given, String text) {
        try {
            return Optional.of(given.equals(knob.name().value()) ? knob.parse(text) : knob.parseLegacy(text));
        } catch (IllegalArgumentException | NullPointerException unparseable) {
            return Optional.empty(); // the catalog gate reports it
        }
    }
}
