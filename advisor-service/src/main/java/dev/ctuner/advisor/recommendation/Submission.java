package dev.ctuner.advisor.recommendation;

import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.protocol.ClusterId;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An operator's own configuration for a cluster: knob → value as cassandra.yaml spells it.
 *
 * <pre>{@code
 * new Submission(new ClusterId("prod"), Map.of("concurrent_reads", "64"), "more read threads", Set.of());
 * }</pre>
 *
 * @param optedIn excluded-by-default knobs the operator knowingly changes
 * @param tables the tables ({@code keyspace.table}) a change of table knobs applies to; empty for node knobs
 */
public record Submission(ClusterId clusterId, Map<String, String> settings, String comment, Set<KnobName> optedIn,
                         List<String> tables) {

    public Submission {
        settings = Map.copyOf(settings);
        optedIn = Set.copyOf(optedIn);
        tables = List.copyOf(tables);
    }

    /** A submission of node knobs only. */
    public Submission(ClusterId clusterId, Map<String, String> settings, String comment, Set<KnobName> optedIn) {
        this(clusterId, settings, comment, optedIn, List.of());
    }
}
