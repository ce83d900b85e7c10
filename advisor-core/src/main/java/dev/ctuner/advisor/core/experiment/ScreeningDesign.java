package dev.ctuner.advisor.core.experiment;

import dev.ctuner.advisor.core.learning.KnobCoordinate;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.ValidationReport;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Importance screening, one knob at a time (RAFIKI §3.1 step 2): the baseline (all defaults), and for
 * every knob each of its values in turn with all other knobs at their defaults: every choice of an
 * enumeration or boolean, 4 values spread over a numeric domain (its minimum and maximum among them,
 * on the domain's own scale). A value equal to the default is the baseline itself and is not repeated;
 * a point the catalog's constraints refuse is left out and reported.
 *
 * <pre>{@code
 * ScreeningDesign d = ScreeningDesign.of(catalog, List.of("concurrent_writes", "trickle_fsync"), facts);
 * d.points();  // baseline, concurrent_writes=2, =10, =51, =256, trickle_fsync=true
 * }</pre>
 */
public record ScreeningDesign(List<DesignPoint> points, List<String> leftOut) {

    public static final String BASELINE = "baseline";
    static final int NUMERIC_LEVELS = 4;

    public static ScreeningDesign of(KnobCatalog catalog, List<String> knobs, NodeFacts facts) {
        List<DesignPoint> points = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        points.add(new DesignPoint(BASELINE, Map.of()));
        Set<KnobName> all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
        Configuration defaults = catalog.effective(Configuration.EMPTY, facts);
        for (String name : knobs) {
            Knob knob = catalog.lookup(name).orElseThrow(() -> new IllegalArgumentException("unknown knob '" + name + "'"));
            KnobValue def = defaults.get(knob.name()).orElseThrow();
            for (KnobValue v : levels(KnobCoordinate.of(knob, facts))) {
                if (knob.sameValue(v, def)) {
                    continue;
                }
                String text = knob.format(v);
                ValidationReport report = catalog.validate(Map.of(knob.name().value(), text), Configuration.EMPTY, facts, all);
                if (!report.errors().isEmpty()) {
                    leftOut.add(knob.name().value() + "=" + text + ": " + report.errors());
                    continue;
                }
                points.add(new DesignPoint(knob.name().value() + "=" + text, Map.of(knob.name().value(), text)));
            }
        }
        return new ScreeningDesign(List.copyOf(points), List.copyOf(leftOut));
    }

    /** Every choice, or 4 values spread evenly (in the domain's scale) from minimum to maximum. */
    static List<KnobValue> levels(KnobCoordinate c) {
        return new ArrayList<>(new LinkedHashSet<>(c.grid(NUMERIC_LEVELS)));
    }
}
