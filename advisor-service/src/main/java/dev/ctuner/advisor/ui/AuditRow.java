package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.store.AuditRecord;
import java.time.Instant;

/**
 * One audit record as the audit page shows it: what it is about with the link to its page, the
 * change in words, who (marked when the advisor itself acted), when and why.
 *
 * <pre>{@code
 * AuditRow.of(record).href();     // "/ui/rollouts/6f1c…"
 * AuditRow.of(record).change();   // "RUNNING → PAUSED"
 * }</pre>
 *
 * @param object           "Recommendation 1a2b3c4d", "Rollout 6f1c0e2a", "Tuning loop"
 * @param href             the object's page (a tuning loop's is its cluster's page, at the loop)
 * @param recommendationHref for a rollout, the page of the recommendation it rolls out
 */
public record AuditRow(String kind, String object, String href, String recommendationHref, String cluster, String change,
                       String actor, boolean automatic, Instant at, String detail) {

    static AuditRow of(AuditRecord r) {
        String cluster = r.clusterId().value();
        return switch (r.kind()) {
            case RECOMMENDATION -> new AuditRow("recommendation", "Recommendation " + shortId(r.objectId()),
                    "/ui/recommendations/" + r.objectId(), null, cluster, change(r), r.actor(), r.automatic(), r.at(), r.detail());
            case ROLLOUT -> new AuditRow("rollout", "Rollout " + shortId(r.objectId()), "/ui/rollouts/" + r.objectId(),
                    r.recommendationId().map(id -> "/ui/recommendations/" + id).orElse(null), cluster, change(r), r.actor(),
                    r.automatic(), r.at(), r.detail());
            case TUNING_LOOP -> new AuditRow("tuning loop", "Tuning loop", "/ui/clusters/" + cluster + "#loop-h", null, cluster,
                    r.action(), r.actor(), r.automatic(), r.at(), r.detail());
        };
    }

    private static String change(AuditRecord r) {
        return r.from().map(f -> f + " → " + r.action()).orElse("created " + r.action());
    }

    private static String shortId(String id) {
        return id.length() > 8 ? id.substring(0, 8) : id;
    }
}
