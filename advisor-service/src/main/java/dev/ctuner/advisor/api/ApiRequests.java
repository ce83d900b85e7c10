package dev.ctuner.advisor.api;

import dev.ctuner.advisor.core.safety.ConsistencyLevel;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;

/**
 * JSON bodies the API accepts.
 *
 * <pre>
 * POST /api/v1/recommendations
 * {"clusterId": "prod", "settings": {"concurrent_reads": "64"}, "comment": "more read threads"}
 * </pre>
 */
public final class ApiRequests {

    private ApiRequests() {
    }

    /**
     * An operator's configuration: knob → value as cassandra.yaml spells it ({@code 64MiB/s}), or table
     * options ({@code compaction.class}) with the {@code tables} ({@code keyspace.table}) they apply to.
     */
    public record SubmitRecommendation(@NotBlank @Size(max = 200) String clusterId,
                                       @NotEmpty Map<String, String> settings,
                                       @NotBlank @Size(max = 2000) String comment,
                                       List<String> optIn,
                                       @Size(max = 50) List<String> tables) {
    }

    /** Why an operator approves, rejects, pauses, resumes or aborts. */
    public record Decision(@NotBlank @Size(max = 2000) String comment) {
    }

    /**
     * What a rollout needs to plan its rounds: the ring and the consistency level each keyspace's
     * applications use. Until the sidecars report the ring, the operator describes it.
     * {@code canaryFirst} and {@code aggressive} default to false; {@code canary} names the canary node.
     */
    public record StartRollout(@NotEmpty @Valid List<NodeSpec> nodes, @NotEmpty @Valid List<KeyspaceSpec> keyspaces,
                               Boolean canaryFirst, String canary, Boolean aggressive,
                               @NotBlank @Size(max = 2000) String comment) {
    }

    /** A node; without tokens it gets one token, in the order listed (a single-token ring). */
    public record NodeSpec(@NotBlank String id, @NotBlank String dc, @NotBlank String rack, List<Long> tokens) {
    }

    /** A keyspace: RF per DC as in its NetworkTopologyStrategy, and the level its applications use. */
    public record KeyspaceSpec(@NotBlank String name, @NotEmpty Map<String, Integer> replication,
                               @NotNull ConsistencyLevel consistency) {
    }
}
