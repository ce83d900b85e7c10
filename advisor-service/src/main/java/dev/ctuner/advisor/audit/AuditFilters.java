package dev.ctuner.advisor.audit;

import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.advice.InvalidInputException;
import dev.ctuner.advisor.store.AuditQuery;
import dev.ctuner.advisor.store.AuditRecord;
import dev.ctuner.common.protocol.ClusterId;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The audit log's filters as the UI form and {@code GET /api/v1/audit} send them (text), checked
 * together into an {@link AuditQuery}: every bad filter is reported by name with what is allowed,
 * nothing is half-applied. Blank means "no filter".
 *
 * <pre>{@code
 * AuditQuery q = AuditFilters.parse(new AuditFilters.Raw("prod", null, List.of("ROLLOUT"), "PEOPLE", "p99",
 *         "2026-03-02T09:00", null, null, null, "Europe/Berlin"), 50);   // from 09:00 Berlin time
 * }</pre>
 */
public final class AuditFilters {

    /** The most records one page may hold. */
    public static final int MAX_LIMIT = 500;
    static final int MAX_TEXT = 200;

    /**
     * The filters as sent.
     *
     * @param kinds  RECOMMENDATION, ROLLOUT, TUNING_LOOP (any case); each may hold several, comma-separated
     * @param by     PEOPLE or AUTOMATIC
     * @param from   an instant ({@code 2026-03-02T09:00:00Z}), a date-time with offset, or a local date-time or date in {@code zone}
     * @param before a page position ({@link AuditQuery.Cursor#token})
     * @param zone   the time zone of local date-times; UTC when blank
     */
    public record Raw(String cluster, String actor, List<String> kinds, String by, String text, String from, String to,
                      String before, String limit, String zone) {
    }

    private AuditFilters() {
    }

    /** @throws InvalidInputException naming every bad filter */
    public static AuditQuery parse(Raw raw, int defaultLimit) {
        List<InputViolation> violations = new ArrayList<>();
        int limit = limit(raw.limit(), defaultLimit, violations);
        AuditQuery q = AuditQuery.newest(limit);
        if (present(raw.cluster())) {
            q = q.withCluster(new ClusterId(raw.cluster().strip()));
        }
        if (present(raw.actor())) {
            q = q.withActor(raw.actor().strip());
        }
        Set<AuditRecord.Kind> kinds = kinds(raw.kinds(), violations);
        if (!kinds.isEmpty()) {
            q = q.withKinds(kinds);
        }
        if (present(raw.by())) {
            try {
                q = q.withBy(AuditQuery.By.valueOf(raw.by().strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                violations.add(new InputViolation("by", "UNKNOWN", raw.by(), "PEOPLE or AUTOMATIC",
                        "by must be PEOPLE or AUTOMATIC, not '" + raw.by() + "'"));
            }
        }
        if (present(raw.text())) {
            String text = raw.text().strip();
            if (text.length() > MAX_TEXT) {
                violations.add(new InputViolation("q", "TOO_LONG", text.substring(0, 40) + "…", "at most " + MAX_TEXT + " characters",
                        "the search text has " + text.length() + " characters; at most " + MAX_TEXT + " are searched for"));
            } else {
                q = q.withText(text);
            }
        }
        ZoneId zone = zone(raw.zone(), violations);
        Optional<Instant> from = instant("from", raw.from(), zone, violations);
        Optional<Instant> to = instant("to", raw.to(), zone, violations);
        if (from.isPresent() && to.isPresent() && !from.get().isBefore(to.get())) {
            violations.add(new InputViolation("from", "NOT_BEFORE_TO", raw.from(), "a time before to (" + raw.to() + ")",
                    "from (" + raw.from() + ") must be before to (" + raw.to() + ")"));
        }
        q = q.withRange(from, to);
        if (present(raw.before())) {
            try {
                q = q.withBefore(AuditQuery.Cursor.parse(raw.before().strip()));
            } catch (IllegalArgumentException e) {
                violations.add(new InputViolation("before", "MALFORMED", raw.before(), "a page position from a previous page's next",
                        e.getMessage() + "; follow the previous page's link, or leave it out for the newest records"));
            }
        }
        if (!violations.isEmpty()) {
            throw new InvalidInputException(violations);
        }
        return q;
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    private static int limit(String text, int defaultLimit, List<InputViolation> violations) {
        if (!present(text)) {
            return defaultLimit;
        }
        try {
            int limit = Integer.parseInt(text.strip());
            if (limit >= 1 && limit <= MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        violations.add(new InputViolation("limit", "OUT_OF_RANGE", text, "a whole number from 1 to " + MAX_LIMIT,
                "limit must be a whole number from 1 to " + MAX_LIMIT + ", not '" + text + "'"));
        return defaultLimit;
    }

    private static Set<AuditRecord.Kind> kinds(List<String> texts, List<InputViolation> violations) {
        Set<AuditRecord.Kind> kinds = EnumSet.noneOf(AuditRecord.Kind.class);
        for (String text : texts == null ? List.<String>of() : texts) {
            for (String one : text.split(",")) {
                if (one.isBlank()) {
                    continue;
                }
                try {
                    kinds.add(AuditRecord.Kind.valueOf(one.strip().toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    violations.add(new InputViolation("kind", "UNKNOWN", one, Arrays.toString(AuditRecord.Kind.values()),
                            "kind must be one of " + Arrays.toString(AuditRecord.Kind.values()) + ", not '" + one.strip() + "'"));
                }
            }
        }
        return kinds;
    }

    private static ZoneId zone(String text, List<InputViolation> violations) {
        if (!present(text)) {
            return ZoneId.of("UTC");
        }
        try {
            return ZoneId.of(text.strip());
        } catch (DateTimeException e) {
            violations.add(new InputViolation("tz", "UNKNOWN", text, "a time zone id such as Europe/Berlin or UTC",
                    "'" + text + "' is not a time zone id (such as Europe/Berlin or UTC)"));
            return ZoneId.of("UTC");
        }
    }

    /** An instant, a date-time with offset, or a local date-time or date in {@code zone}. */
    private static Optional<Instant> instant(String field, String text, ZoneId zone, List<InputViolation> violations) {
        if (!present(text)) {
            return Optional.empty();
        }
        String t = text.strip();
        try {
            return Optional.of(Instant.parse(t));
        } catch (DateTimeException notAnInstant) {
            // try the next form
        }
        try {
            return Optional.of(OffsetDateTime.parse(t).toInstant());
        } catch (DateTimeException notOffset) {
            // try the next form
        }
        try {
            return Optional.of(LocalDateTime.parse(t).atZone(zone).toInstant());
        } catch (DateTimeException notLocal) {
            // try the next form
        }
        try {
            return Optional.of(LocalDate.parse(t).atStartOfDay(zone).toInstant());
        } catch (DateTimeException notADate) {
            violations.add(new InputViolation(field, "MALFORMED", text,
                    "a time such as 2026-03-02T09:00:00Z, 2026-03-02T10:00+01:00, 2026-03-02T09:00 or 2026-03-02",
                    field + " '" + text + "' is not a time (such as 2026-03-02T09:00:00Z, or 2026-03-02T09:00 in "
                            + zone.getId() + ")"));
            return Optional.empty();
        }
    }
}
