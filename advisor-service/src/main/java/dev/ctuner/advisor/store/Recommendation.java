package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A stored recommendation: settings (knob → value as cassandra.yaml spells it) for one cluster, its
 * state and the version used for optimistic locking.
 *
 * <pre>{@code
 * store.find(id).map(Recommendation::state);  // Optional[VETTED]
 * }</pre>
 *
 * @param tables for a SCHEMA recommendation, the tables ({@code keyspace.table}) it changes, in order; else empty
 */
public record Recommendation(UUID id, ClusterId clusterId, RecommendationState state, Origin origin,
                             Map<String, String> settings, String note, ApplyMode costTier,
                             Optional<GainEstimate> gain, Instant createdAt, Instant updatedAt, long version,
                             List<String> tables) {

    public Recommendation {
        settings = Map.copyOf(new TreeMap<>(settings));
        tables = List.copyOf(tables);
    }

    /** A recommendation that names no table (its knobs are node settings). */
    public Recommendation(UUID id, ClusterId clusterId, RecommendationState state, Origin origin,
                          Map<String, String> settings, String note, ApplyMode costTier,
                          Optional<GainEstimate> gain, Instant createdAt, Instant updatedAt, long version) {
        this(id, clusterId, state, origin, settings, note, costTier, gain, createdAt, updatedAt, version, List.of());
    }

    /** This recommendation in another state, as the next version. */
    public Recommendation moved(RecommendationState to, Instant at) {
        return new Recommendation(id, clusterId, to, origin, settings, note, costTier, gain, createdAt, at, version + 1, tables);
    }
}
