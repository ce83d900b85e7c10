package dev.ctuner.advisor.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
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
     * How to roll out: the ring (nodes, racks, tokens, replication) comes from the sidecars' reports of the
     * recommendation's cluster, the consistency levels from {@code ctuner.advisor.consistency}. {@code canaryFirst}
     * and {@code aggressive} default to false; {@code canary} names the canary node (its sidecar's node id).
     * {@code nodes} and {@code keyspaces} are no longer accepted: a body that carries them is refused, so that an
     * operator does not believe a typed ring is used.
     */
    public record StartRollout(Object nodes, Object keyspaces, Boolean canaryFirst, String canary, Boolean aggressive,
                               @NotBlank @Size(max = 2000) String comment) {

        /** Refuses a typed ring, saying where the ring comes from now. */
        public void refuseTypedRing() {
            if (nodes != null || keyspaces != null) {
                throw new IllegalArgumentException(RING_FROM_SIDECARS);
            }
        }
    }

    /** Why a request that still types a ring is refused. */
    static final String RING_FROM_SIDECARS = "the ring now comes from the sidecars' reports of the cluster, not from the "
            + "request: remove \"nodes\" and \"keyspaces\" (and \"ring\"); GET /api/v1/clusters/{id}/ring shows the ring "
            + "the advisor assembled, and ctuner.advisor.consistency sets the consistency level per keyspace";
}
