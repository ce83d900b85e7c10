package dev.ctuner.advisor.core.experiment;

import java.util.Map;
import java.util.TreeMap;

/**
 * One configuration of a campaign's design, with a stable id (campaigns resume by id).
 *
 * @param id            stable, readable id, e.g. {@code concurrent_writes=8}
 * @param configuration knob name to value in cassandra.yaml spelling; empty = all defaults
 */
public record DesignPoint(String id, Map<String, String> configuration) {

    public DesignPoint {
        configuration = java.util.Collections.unmodifiableMap(new TreeMap<>(configuration));
    }
}
