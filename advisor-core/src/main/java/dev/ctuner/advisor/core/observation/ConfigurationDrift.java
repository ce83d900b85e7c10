package dev.ctuner.advisor.core.observation;

import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Finds the node-scope catalog knobs whose values differ between the nodes of one cluster, from
 * each node's latest configuration read back (knob name, current or legacy, to value as the node
 * spells it). Values are compared as the catalog parses them, so {@code 64MiB/s} and
 * {@code 65536KiB/s} agree; a value the catalog cannot parse is compared as text. A knob a node
 * did not report is unknown on that node, not drift: a sidecar that could not read a setting says
 * nothing about the node's value.
 *
 * <pre>{@code
 * DriftReport r = new ConfigurationDrift(KnobCatalog.cassandra50()).detect(Map.of(
 *         new NodeId("n1"), Map.of("concurrent_reads", "32"),
 *         new NodeId("n2"), Map.of("concurrent_reads", "64")));
 * r.drifted().get(0).values();   // {n1=32, n2=64}
 * }</pre>
 */
public final class ConfigurationDrift {

    /** Node ids in their natural (string) order. */
    public static final Comparator<NodeId> BY_ID = Comparator.comparing(NodeId::value);

    private final KnobCatalog catalog;

    public ConfigurationDrift(KnobCatalog catalog) {
        this.catalog = catalog;
    }

    /** Compares every node-scope knob across the nodes in {@code readBack}. */
    public DriftReport detect(Map<NodeId, Map<String, String>> readBack) {
        Map<NodeId, Map<KnobName, Reported>> byNode = new TreeMap<>(BY_ID);
        readBack.forEach((node, values) -> byNode.put(node, resolve(values)));
        List<KnobDrift> drifted = new ArrayList<>();
        TreeMap<NodeId, List<KnobName>> unreported = new TreeMap<>(BY_ID);
        for (Knob knob : catalog.knobs(Scope.NODE)) {
            TreeMap<NodeId, String> values = new TreeMap<>(BY_ID);
            List<NodeId> unknown = new ArrayList<>();
            List<Reported> distinct = new ArrayList<>();
            byNode.forEach((node, reported) -> {
                Reported r = reported.get(knob.name());
                if (r == null) {
                    unknown.add(node);
                    unreported.computeIfAbsent(node, n -> new ArrayList<>()).add(knob.name());
                    return;
                }
                values.put(node, r.text());
                if (distinct.stream().noneMatch(d -> d.sameAs(knob, r))) {
                    distinct.add(r);
                }
            });
            if (distinct.size() > 1) {
                drifted.add(new KnobDrift(knob.name(), values, unknown));
            }
        }
        return new DriftReport(List.copyOf(byNode.keySet()), drifted, unreported);
    }

    /** The node's values by catalog knob; names the catalog does not know, or of other scopes, are left out. */
    private Map<KnobName, Reported> resolve(Map<String, String> values) {
        Map<KnobName, Reported> out = new TreeMap<>();
        // current names first, so that a node reporting both spellings is read by its current one
        values.entrySet().stream().sorted(Comparator.comparing(e -> isLegacy(e.getKey()))).forEach(e -> {
            Optional<Knob> knob = catalog.lookup(e.getKey()).filter(k -> k.scope() == Scope.NODE);
            if (knob.isPresent() && !out.containsKey(knob.get().name())) {
                boolean legacy = knob.get().legacyName().filter(e.getKey()::equals).isPresent()
                        && !knob.get().name().value().equals(e.getKey());
                out.put(knob.get().name(), Reported.of(knob.get(), e.getValue(), legacy));
            }
        });
        return out;
    }

    private boolean isLegacy(String name) {
        return catalog.lookup(name).map(k -> !k.name().value().equals(name)).orElse(false);
    }

    /** A reported value, parsed when the catalog can parse it. */
    private record Reported(String text, Optional<KnobValue> parsed) {

        static Reported of(Knob knob, String text, boolean legacy) {
            try {
                return new Reported(text, Optional.of(legacy ? knob.parseLegacy(text) : knob.parse(text)));
            } catch (RuntimeException unparseable) {  // any parse failure: compared as text
                return new Reported(text, Optional.empty());
            }
        }

        boolean sameAs(Knob knob, Reported other) {
            if (parsed.isPresent() && other.parsed.isPresent()) {
                return knob.sameValue(parsed.get(), other.parsed.get());
            }
            return parsed.isEmpty() && other.parsed.isEmpty() && text.trim().equals(other.text.trim());
        }
    }
}
