package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Filters of the audit log, all optional and combined with AND, and a page: the newest {@code limit}
 * records older than {@code before} (keyset pagination, stable while new records arrive).
 *
 * <pre>{@code
 * AuditQuery q = AuditQuery.newest(50).withCluster(new ClusterId("prod")).withKinds(Set.of(Kind.ROLLOUT));
 * AuditLogStore.Page page = store.find(q);
 * store.find(q.withBefore(page.next().orElseThrow()));   // the next 50
 * }</pre>
 *
 * @param actor  exact user name or advisor actor
 * @param kinds  the kinds wanted; empty = every kind
 * @param by     only people's, or only the advisor's own, records
 * @param text   case-insensitive substring of the detail, action, actor or object id
 * @param from   inclusive
 * @param to     exclusive
 * @param before the page starts after this record
 */
public record AuditQuery(Optional<ClusterId> cluster, Optional<String> actor, Set<AuditRecord.Kind> kinds, Optional<By> by,
                         Optional<String> text, Optional<Instant> from, Optional<Instant> to, Optional<Cursor> before,
                         int limit) {

    /** Whose records: people's (user names) or the advisor's own ({@link Actors}). */
    public enum By { PEOPLE, AUTOMATIC }

    /**
     * A position in the log: the time, kind and row id of the last record of a page. As text, for
     * links and the API: {@code <epoch seconds>.<nanoseconds>-<kind rank>-<row id>}.
     */
    public record Cursor(Instant at, AuditRecord.Kind kind, long id) {

        public Cursor {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(kind, "kind");
        }

        public String token() {
            return at.getEpochSecond() + "." + String.format(java.util.Locale.ROOT, "%09d", at.getNano()) + "-" + kind.rank() + "-" + id;
        }

        /** @throws IllegalArgumentException when {@code token} is not one {@link #token()} wrote */
        public static Cursor parse(String token) {
            String[] parts = token.split("-");
            String[] time = parts.length == 3 ? parts[0].split("\\.") : new String[0];
            try {
                if (time.length != 2 || time[1].length() != 9) {
                    throw new NumberFormatException();
                }
                return new Cursor(Instant.ofEpochSecond(Long.parseLong(time[0]), Long.parseLong(time[1])),
                        AuditRecord.Kind.ofRank(Integer.parseInt(parts[1])), Long.parseLong(parts[2]));
            } catch (IllegalArgumentException | java.time.DateTimeException e) {   // NumberFormatException too
                throw new IllegalArgumentException("'" + token + "' is not a page position of the audit log");
            }
        }
    }

    public AuditQuery {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(actor, "actor");
        kinds = Set.copyOf(kinds);
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(before, "before");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
    }

    /** No filter: the newest {@code limit} records. */
    public static AuditQuery newest(int limit) {
        return new AuditQuery(Optional.empty(), Optional.empty(), Set.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), limit);
    }

    public AuditQuery withCluster(ClusterId c) {
        return new AuditQuery(Optional.of(c), actor, kinds, by, text, from, to, before, limit);
    }

    public AuditQuery withActor(String a) {
        return new AuditQuery(cluster, Optional.of(a), kinds, by, text, from, to, before, limit);
    }

    public AuditQuery withKinds(Set<AuditRecord.Kind> k) {
        return new AuditQuery(cluster, actor, k, by, text, from, to, before, limit);
    }

    public AuditQuery withBy(By b) {
        return new AuditQuery(cluster, actor, kinds, Optional.of(b), text, from, to, before, limit);
    }

    public AuditQuery withText(String t) {
        return new AuditQuery(cluster, actor, kinds, by, Optional.of(t), from, to, before, limit);
    }

    public AuditQuery withRange(Optional<Instant> f, Optional<Instant> t) {
        return new AuditQuery(cluster, actor, kinds, by, text, f, t, before, limit);
    }

    public AuditQuery withBefore(Cursor c) {
        return new AuditQuery(cluster, actor, kinds, by, text, from, to, Optional.of(c), limit);
    }
}
