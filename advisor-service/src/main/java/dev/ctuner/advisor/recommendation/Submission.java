package dev.ctuner.advisor.recommendation;

import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.protocol.ClusterId;
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
 */
public record Submission(ClusterId clusterId, Map<String, String> settings, String comment, Set<KnobName> optedIn) {

    public Submission {
        settings = Map.copyOf(settings);
        optedIn = Set.copyOf(optedIn);
    }
}
