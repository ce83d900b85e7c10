package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.data.ExperimentRows;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.SettingsLine;
import dev.ctuner.common.catalog.ValidationReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The effective value of each knob column for a configuration: the value given, else the catalog's
 * default on this node (so a row never leaves a knob blank).
 */
final class KnobColumns implements Function<Map<String, String>, Map<String, String>> {

    private final KnobCatalog catalog;
    private final NodeFacts facts;
    private final List<String> knobs;

    KnobColumns(KnobCatalog catalog, NodeFacts facts, List<String> knobs) {
        this.catalog = catalog;
        this.facts = facts;
        this.knobs = List.copyOf(knobs);
    }

    @Override
    public Map<String, String> apply(Map<String, String> configuration) {
        requireValid(catalog, facts, configuration);
        Map<String, String> effective = ExperimentRows.effective(configuration, knobs, catalog, facts);
        Map<String, String> values = new LinkedHashMap<>();
        for (String k : knobs) {
            catalog.lookup(k).orElseThrow();
            values.put(k, effective.getOrDefault(k, ""));
        }
        return values;
    }

    /** Validates a configuration against the catalog (every knob opted in) and fails with every error. */
    static ValidationReport requireValid(KnobCatalog catalog, NodeFacts facts, Map<String, String> configuration) {
        Set<KnobName> all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
        ValidationReport report = catalog.validate(configuration, Configuration.EMPTY, facts, all);
        if (!report.errors().isEmpty()) {
            throw new IllegalArgumentException("invalid configuration " + configuration + ": " + report.errors());
        }
        return report;
    }

    /** {@code k=v;k=v} to a map (empty text: the defaults). */
    static Map<String, String> parseConfiguration(String text) {
        return SettingsLine.parse(text);
    }

    static List<String> union(Map<String, String> a, Map<String, String> b) {
        return union(List.of(a, b));
    }

    /** The knobs any of the configurations sets, sorted. */
    static List<String> union(java.util.Collection<Map<String, String>> configurations) {
        Set<String> names = new TreeSet<>();
        configurations.forEach(c -> names.addAll(c.keySet()));
        return List.copyOf(names);
    }
}
