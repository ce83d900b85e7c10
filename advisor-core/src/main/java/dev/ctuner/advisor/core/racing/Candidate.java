package dev.ctuner.advisor.core.racing;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A configuration taking part in a race.
 *
 * <pre>{@code
 * Candidate c = new Candidate(3, Map.of("concurrent_writes", "48"), 1, -1, "uniform");
 * c.label();   // "c3"
 * }</pre>
 *
 * @param id            stable id, 0-based in order of creation (the same after a replay)
 * @param configuration knob name to value in cassandra.yaml spelling; empty = all defaults
 * @param iteration     the iteration that created it, 1-based
 * @param parent        id of the elite it was sampled around, or -1
 * @param origin        how it came about: {@code given}, {@code uniform} or {@code sampled}
 */
public record Candidate(int id, Map<String, String> configuration, int iteration, int parent, String origin) {

    public Candidate {
        configuration = Collections.unmodifiableMap(new LinkedHashMap<>(configuration));
        Objects.requireNonNull(origin, "origin");
    }

    /** {@code c<id>}, the id used in experiment files. */
    public String label() {
        return "c" + id;
    }
}
