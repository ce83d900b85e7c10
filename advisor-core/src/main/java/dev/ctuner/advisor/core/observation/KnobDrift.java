package dev.ctuner.advisor.core.observation;

import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.protocol.NodeId;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One catalog knob whose value differs between nodes of a cluster.
 *
 * <pre>{@code
 * drift.values();      // {n1=32, n2=64}: the values as each node reported them
 * drift.unknownOn();   // [n3]: nodes that did not report the knob (not counted as drift)
 * }</pre>
 *
 * @param values value per node that reported it, as reported, sorted by node id
 * @param unknownOn nodes that did not report this knob, sorted by id
 */
public record KnobDrift(KnobName knob, SortedMap<NodeId, String> values, List<NodeId> unknownOn) {

    public KnobDrift {
        Objects.requireNonNull(knob, "knob");
        TreeMap<NodeId, String> copy = new TreeMap<>(ConfigurationDrift.BY_ID);
        copy.putAll(values);
        values = Collections.unmodifiableSortedMap(copy);
        unknownOn = List.copyOf(unknownOn);
    }
}
