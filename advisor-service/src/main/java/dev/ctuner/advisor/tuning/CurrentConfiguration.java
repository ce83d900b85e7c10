package dev.ctuner.advisor.tuning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The configuration a cluster runs, as far as the model knows knobs: each knob's value read back by
 * the sidecars, when every node reports the same value; a knob the nodes disagree on (drift) or
 * that no node reports is named, since the loop cannot plan from a configuration it does not know.
 * Table options are those of the workload's table ({@code compression.class@shop.orders}); with no
 * such table the model's defaults stand in for them.
 *
 * <pre>{@code
 * CurrentConfiguration c = CurrentConfiguration.of(catalog, modelKnobs, readBackPerNode, Optional.of("shop.orders"));
 * c.problems();        // ["concurrent_reads differs between nodes: {n1=32, n2=64}"]
 * c.configuration();   // concurrent_reads=32, compaction_throughput=64 ...
 * }</pre>
 */
record CurrentConfiguration(Configuration configuration, List<String> problems) {

    static CurrentConfiguration of(KnobCatalog catalog, List<String> modelKnobs, Map<NodeId, Map<String, String>> readBack,
                                   Optional<String> table) {
        Map<KnobName, KnobValue> values = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        if (readBack.isEmpty()) {
            return new CurrentConfiguration(Configuration.EMPTY, List.of("no node reported its configuration yet"));
        }
        for (String name : modelKnobs) {
            Optional<Knob> knob = catalog.knob(new KnobName(name));
            if (knob.isEmpty()) {
                problems.add(name + " is not a knob of the catalog");
                continue;
            }
            Map<NodeId, KnobValue> perNode = new TreeMap<>(java.util.Comparator.comparing(NodeId::value));
            List<NodeId> silent = new ArrayList<>();
            String reported = knob.get().scope() == Scope.TABLE ? table.map(t -> name + "@" + t).orElse(null) : name;
            if (reported == null) {
                continue;   // a table option with no workload table: the model's default stands in
            }
            readBack.forEach((node, settings) -> {
                String text = settings.get(reported);
                if (text == null) {
                    silent.add(node);
                } else {
                    try {
                        perNode.put(node, knob.get().parse(text));
                    } catch (IllegalArgumentException e) {
                        silent.add(node);
                    }
                }
            });
            if (perNode.isEmpty()) {
                // a table option or a setting the sidecars do not read back: the model's default stands in
                continue;
            }
            KnobValue first = perNode.values().iterator().next();
            boolean agree = perNode.values().stream().allMatch(v -> knob.get().sameValue(v, first));
            if (!agree) {
                Map<String, String> shown = new TreeMap<>();
                perNode.forEach((n, v) -> shown.put(n.value(), knob.get().format(v)));
                problems.add(name + " differs between nodes: " + shown);
            } else {
                values.put(knob.get().name(), first);
            }
        }
        return new CurrentConfiguration(new Configuration(values), problems);
    }
}
