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
 * now, its facts, the predicted gain (absent for an operator's own submission) and what a race on
 * a real node said of it (absent until one ran).
 *
 * <pre>{@code
 * new Candidate(Map.of("concurrent_reads", "64"), Configuration.EMPTY, facts, Set.of(), Optional.of(gain));
 * }</pre>
 */
public record Candidate(Map<String, String> settings, Configuration current, NodeFacts facts, Set<KnobName> optedIn,
                        Optional<GainEstimate> gain, Optional<RaceEvidence> race) {

    public Candidate {
        settings = Map.copyOf(new TreeMap<>(settings));
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(facts, "facts");
        optedIn = Set.copyOf(optedIn);
        Objects.requireNonNull(gain, "gain");
        Objects.requireNonNull(race, "race");
    }

    /** Without race evidence. */
    public Candidate(Map<String, String> settings, Configuration current, NodeFacts facts, Set<KnobName> optedIn,
            Optional<GainEstimate> gain) {
        this(settings, current, facts, optedIn, gain, Optional.empty());
    }

    /** The same candidate with the evidence of a race on a real node. */
    public Candidate withRace(RaceEvidence evidence) {
        return new Candidate(settings, current, facts, optedIn, gain, Optional.of(evidence));
    }
}
