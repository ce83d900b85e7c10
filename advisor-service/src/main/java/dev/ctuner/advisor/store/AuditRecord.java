package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One line of the cluster-wide audit log: a recommendation's or a rollout's state change, or a
 * change to a tuning loop (paused, resumed, policy set), with who, when and why.
 *
 * <pre>{@code
 * record.kind();        // ROLLOUT
 * record.action();      // "PAUSED" (the state moved to, or the loop's action)
 * record.automatic();   // false: alice paused it
 * }</pre>
 *
 * @param entryId          the row's id in its own audit table (unique within a kind)
 * @param objectId         the recommendation or rollout id, or the cluster id of a tuning loop
 * @param recommendationId the recommendation a rollout rolls out, or the recommendation itself
 * @param from             the state before, for state changes other than creation
 * @param action           the state moved to, or the tuning loop's action (PAUSED, RESUMED, POLICY, ...)
 * @param detail           the reason or comment
 */
public record AuditRecord(Kind kind, long entryId, ClusterId clusterId, String objectId, Optional<UUID> recommendationId,
                          Optional<String> from, String action, String actor, Instant at, String detail) {

    /** What an audit record is about. */
    public enum Kind {
        RECOMMENDATION(1), ROLLOUT(2), TUNING_LOOP(3);

        private final int rank;

        Kind(int rank) {
            this.rank = rank;
        }

        /** The kind's place in the log's order among records of the same instant. */
        public int rank() {
            return rank;
        }

        static Kind ofRank(int rank) {
            for (Kind k : values()) {
                if (k.rank == rank) {
                    return k;
                }
            }
            throw new IllegalArgumentException("no audit kind of rank " + rank);
        }
    }

    public AuditRecord {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(at, "at");
    }

    /** Written by the advisor itself ({@link Actors}), not by a person. */
    public boolean automatic() {
        return Actors.isAutomatic(actor);
    }

    /** Where the log continues after this record. */
    public AuditQuery.Cursor cursor() {
        return new AuditQuery.Cursor(at, kind, entryId);
    }
}
