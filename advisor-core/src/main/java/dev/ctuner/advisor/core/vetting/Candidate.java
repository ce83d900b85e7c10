package dev.ctuner.advisor.core.vetting;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A recommendation to vet: proposed settings as cassandra.yaml spells them, what the node runs
 * now, its facts, and the predicted gain (absent for an operator's own submission).
 *
 * <pre>{@code
 * new Candidate(Map.of("concurrent_reads", "64"), Configuration.EMPTY, facts, Set.of(), Optional.of(gain));
 * }</pre>
 */
public record Candidate(Map<String, String> settings, Configuration current, NodeFacts facts, Set<KnobName> optedIn,
                        Optional<GainEstimate> gain) {

    public Candidate {
        settings = Map.copyOf(new TreeMap<>(settings));
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(facts, "facts");
        optedIn = Set.copyOf(optedIn);
        Objects.requireNonNull(gain, "gain");
    }
}
