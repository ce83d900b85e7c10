package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.advice.InvalidInputException;
import dev.ctuner.advisor.audit.AuditFilters;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.store.AuditLogStore;
import dev.ctuner.advisor.store.AuditQuery;
import dev.ctuner.advisor.store.AuditRecord;
import dev.ctuner.common.protocol.ClusterId;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The audit log: who did what, when and why, over every cluster: recommendations' and rollouts'
 * state changes and changes to tuning loops, newest first, 50 a page, filtered by cluster, actor,
 * kind, people or the advisor, free text and time range (in the operator's time zone, which ui.js
 * sends along). Each row links to its object's page. Bad filters bring the form back with every
 * error (400) and no records.
 *
 * <pre>
 * GET /ui/audit?cluster=prod&amp;by=PEOPLE&amp;from=2026-03-02T09:00&amp;tz=Europe/Berlin
 * </pre>
 */
@Controller
public class AuditPages {

    static final int PAGE = 50;
    private static final int ACTORS_SUGGESTED = 200;

    private final AuditLogStore store;
    private final ClusterRegistry registry;

    public AuditPages(AuditLogStore store, ClusterRegistry registry) {
        this.store = store;
        this.registry = registry;
    }

    @GetMapping("/ui/audit")
    public String audit(@RequestParam(required = false) String cluster, @RequestParam(required = false) String actor,
                        @RequestParam(required = false) String kind, @RequestParam(required = false) String by,
                        @RequestParam(required = false) String q, @RequestParam(required = false) String from,
                        @RequestParam(required = false) String to, @RequestParam(required = false) String before,
                        @RequestParam(required = false) String tz, Model model, HttpServletResponse response) {
        AuditFilters.Raw raw = new AuditFilters.Raw(cluster, actor, kind == null ? List.of() : List.of(kind), by, q, from, to,
                before, null, tz);
        model.addAttribute("f", raw);
        model.addAttribute("kinds", AuditRecord.Kind.values());
        model.addAttribute("knownClusters", new TreeSet<>(registry.clusters().stream().map(ClusterId::value).toList()));
        model.addAttribute("knownActors", store.actors(ACTORS_SUGGESTED));
        model.addAttribute("filtered", List.of(nz(cluster), nz(actor), nz(kind), nz(by), nz(q), nz(from), nz(to)).stream()
                .anyMatch(s -> !s.isBlank()));
        model.addAttribute("paged", !nz(before).isBlank());
        try {
            AuditLogStore.Page page = store.find(AuditFilters.parse(raw, PAGE));
            model.addAttribute("rows", page.records().stream().map(AuditRow::of).toList());
            model.addAttribute("olderHref", page.next().map(c -> link(raw, c)).orElse(null));
            model.addAttribute("newestHref", link(raw, null));
            model.addAttribute("errors", Map.of());
        } catch (InvalidInputException e) {
            response.setStatus(HttpStatus.BAD_REQUEST.value());
            model.addAttribute("rows", List.of());
            model.addAttribute("errors", e.violations().stream()
                    .collect(Collectors.toMap(InputViolation::field, InputViolation::message, (a, b) -> a + "; " + b)));
        }
        return "ui/audit";
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** This page's address with the same filters, starting after {@code before} (or at the newest). */
    private static String link(AuditFilters.Raw raw, AuditQuery.Cursor before) {
        UriComponentsBuilder b = UriComponentsBuilder.fromPath("/ui/audit");
        param(b, "cluster", raw.cluster());
        param(b, "actor", raw.actor());
        param(b, "kind", raw.kinds().isEmpty() ? null : raw.kinds().get(0));
        param(b, "by", raw.by());
        param(b, "q", raw.text());
        param(b, "from", raw.from());
        param(b, "to", raw.to());
        param(b, "tz", raw.zone());
        if (before != null) {
            b.queryParam("before", before.token());
        }
        return b.encode().build().toUriString();
    }

    private static void param(UriComponentsBuilder b, String name, String value) {
        if (value != null && !value.isBlank()) {
            b.queryParam(name, value);
        }
    }
}
