package dev.ctuner.advisor.api;

import dev.ctuner.advisor.audit.AuditFilters;
import dev.ctuner.advisor.store.AuditLogStore;
import dev.ctuner.advisor.store.AuditQuery;
import dev.ctuner.advisor.store.AuditRecord;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The cluster-wide audit log (VIEWER): recommendations' and rollouts' state changes and changes to
 * tuning loops, newest first, with the same filters as the UI's audit page; {@code next} continues
 * the list. Bad filters answer 400 with every violation (RFC 9457).
 *
 * <pre>
 * curl -u bob:secret 'localhost:8080/api/v1/audit?cluster=prod&amp;by=PEOPLE&amp;from=2026-03-02T00:00:00Z&amp;limit=100'
 * curl -u bob:secret 'localhost:8080/api/v1/audit?cluster=prod&amp;by=PEOPLE&amp;from=2026-03-02T00:00:00Z&amp;limit=100&amp;before=…'
 * </pre>
 */
@RestController
public class AuditController {

    static final int DEFAULT_LIMIT = 100;

    /**
     * One record.
     *
     * @param id        the record's id within its kind
     * @param automatic written by the advisor itself (tuning-loop, orchestrator, vetting)
     */
    public record AuditEntryView(String kind, long id, String clusterId, String objectId, String recommendationId, String from,
                                 String action, String actor, boolean automatic, Instant at, String detail) {

        static AuditEntryView of(AuditRecord r) {
            return new AuditEntryView(r.kind().name(), r.entryId(), r.clusterId().value(), r.objectId(),
                    r.recommendationId().map(Object::toString).orElse(null), r.from().orElse(null), r.action(), r.actor(),
                    r.automatic(), r.at(), r.detail());
        }
    }

    /** A page: the records and, when more match, the {@code before} value of the next page. */
    public record AuditPageView(List<AuditEntryView> entries, String next) {
    }

    private final AuditLogStore store;

    public AuditController(AuditLogStore store) {
        this.store = store;
    }

    @Operation(summary = "The audit log of every cluster, newest first, filtered (VIEWER)",
            description = "Filters combine with AND; blank means no filter. Times are instants (2026-03-02T09:00:00Z), date-times "
                    + "with an offset, or local date-times or dates in tz. Pass next as before for the following page.")
    @ApiResponse(responseCode = "200", description = "a page of records")
    @ApiResponse(responseCode = "400", description = "a filter is invalid; every violation is listed")
    @GetMapping("/api/v1/audit")
    public AuditPageView audit(
            @Parameter(description = "cluster id") @RequestParam(required = false) String cluster,
            @Parameter(description = "exact user name, or tuning-loop, orchestrator, vetting") @RequestParam(required = false) String actor,
            @Parameter(description = "RECOMMENDATION, ROLLOUT, TUNING_LOOP; repeat or comma-separate for several")
            @RequestParam(required = false) List<String> kind,
            @Parameter(description = "PEOPLE or AUTOMATIC") @RequestParam(required = false) String by,
            @Parameter(description = "case-insensitive text in the reason, action, actor or object id")
            @RequestParam(required = false) String q,
            @Parameter(description = "inclusive lower bound of the time") @RequestParam(required = false) String from,
            @Parameter(description = "exclusive upper bound of the time") @RequestParam(required = false) String to,
            @Parameter(description = "the next value of the previous page") @RequestParam(required = false) String before,
            @Parameter(description = "records per page, 1 to 500 (default 100)") @RequestParam(required = false) String limit,
            @Parameter(description = "time zone of local date-times (default UTC)") @RequestParam(required = false) String tz) {
        AuditQuery query = AuditFilters.parse(new AuditFilters.Raw(cluster, actor, kind, by, q, from, to, before, limit, tz),
                DEFAULT_LIMIT);
        AuditLogStore.Page page = store.find(query);
        return new AuditPageView(page.records().stream().map(AuditEntryView::of).toList(),
                page.next().map(AuditQuery.Cursor::token).orElse(null));
    }
}
