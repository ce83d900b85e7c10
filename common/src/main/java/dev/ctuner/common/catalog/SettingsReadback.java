package dev.ctuner.common.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads NODE knob values from what a node reports in {@code system_views.settings} (name → value,
 * null for unset) and compares them with what the catalog expects, so the catalog cannot drift
 * from the real server.
 */
public final class SettingsReadback {

    private final KnobCatalog catalog;

    public SettingsReadback(KnobCatalog catalog) {
        this.catalog = catalog;
    }

    /** A knob whose expected and reported values differ, or which the node does not report at all. */
    public record Mismatch(KnobName knob, String expected, String reported, String problem) {
        @Override
        public String toString() {
            return knob + ": " + problem + " (expected " + expected + ", node reports " + reported + ")";
        }
    }

    /**
     * Compares every NODE knob's value in {@code expected} (typically {@link KnobCatalog#effective})
     * with the node's report. A knob absent from {@code expected} must be reported as null (unset).
     */
    public List<Mismatch> compare(Configuration expected, Map<String, String> reported) {
        List<Mismatch> mismatches = new ArrayList<>();
        for (Knob knob : catalog.knobs(Scope.NODE)) {
            String name = knob.name().value();
            Optional<KnobValue> want = expected.get(knob.name());
            String wantText = want.map(knob::format).orElse("unset");
            if (!reported.containsKey(name)) {
                mismatches.add(new Mismatch(knob.name(), wantText, "nothing", "the node has no setting of this name"));
                continue;
            }
            String got = reported.get(name);
            if (got == null) {
                if (want.isPresent()) {
                    mismatches.add(new Mismatch(knob.name(), wantText, "unset", "expected a value"));
                }
                continue;
            }
            if (want.isEmpty()) {
                mismatches.add(new Mismatch(knob.name(), wantText, got, "expected the setting to be unset"));
                continue;
            }
            try {
                KnobValue value = knob.parse(got);
                if (!knob.sameValue(value, want.get())) {
                    mismatches.add(new Mismatch(knob.name(), wantText, got, "different value"));
                }
            } catch (IllegalArgumentException e) {
                mismatches.add(new Mismatch(knob.name(), wantText, got, "unparseable: " + e.getMessage()));
            }
        }
        return mismatches;
    }
}
