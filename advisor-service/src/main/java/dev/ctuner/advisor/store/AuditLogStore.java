package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The three audit tables (recommendation_audit, rollout_audit, tuning_loop_audit) read as one log,
 * newest first, filtered and paged by keyset: records are ordered by (time, kind, row id), all
 * descending, and a page continues strictly after its last record, so records written meanwhile
 * never shift or repeat a page. Plain SQL that H2 and PostgreSQL both accept.
 *
 * <pre>{@code
 * AuditLogStore.Page page = store.find(AuditQuery.newest(50).withActor("alice"));
 * page.records();   // alice's last 50 actions, on any cluster
 * page.next();      // where the next page starts, if there is one
 * }</pre>
 */
@Repository
public class AuditLogStore {

    /** One page of the log and, when more records match, where the next page starts. */
    public record Page(List<AuditRecord> records, Optional<AuditQuery.Cursor> next) {
        public Page {
            records = List.copyOf(records);
        }
    }

    private static final String RECOMMENDATIONS = """
            select 1 as kind_rank, a.id as entry_id, r.cluster_id as cluster_id, a.recommendation_id as object_id,
                a.recommendation_id as recommendation_id, a.from_state as from_state, a.to_state as action, a.actor as actor,
                a.occurred_at as occurred_at, a.reason as detail
            from recommendation_audit a join recommendation r on r.id = a.recommendation_id""";
    private static final String ROLLOUTS = """
            select 2 as kind_rank, a.id as entry_id, r.cluster_id as cluster_id, a.rollout_id as object_id,
                o.recommendation_id as recommendation_id, a.from_state as from_state, a.to_state as action, a.actor as actor,
                a.occurred_at as occurred_at, a.reason as detail
            from rollout_audit a join rollout o on o.id = a.rollout_id join recommendation r on r.id = o.recommendation_id""";
    private static final String LOOPS = """
            select 3 as kind_rank, a.id as entry_id, a.cluster_id as cluster_id, a.cluster_id as object_id,
                cast(null as varchar(36)) as recommendation_id, cast(null as varchar(20)) as from_state, a.action as action,
                a.actor as actor, a.occurred_at as occurred_at, a.detail as detail
            from tuning_loop_audit a""";

    private final JdbcClient jdbc;

    public AuditLogStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Page find(AuditQuery q) {
        Set<AuditRecord.Kind> kinds = q.kinds().isEmpty() ? EnumSet.allOf(AuditRecord.Kind.class) : EnumSet.copyOf(q.kinds());
        List<String> branches = new ArrayList<>();
        if (kinds.contains(AuditRecord.Kind.RECOMMENDATION)) {
            branches.add(RECOMMENDATIONS);
        }
        if (kinds.contains(AuditRecord.Kind.ROLLOUT)) {
            branches.add(ROLLOUTS);
        }
        if (kinds.contains(AuditRecord.Kind.TUNING_LOOP)) {
            branches.add(LOOPS);
        }
        StringBuilder sql = new StringBuilder("select * from (\n").append(String.join("\nunion all\n", branches))
                .append("\n) e where 1 = 1");
        Map<String, Object> params = new HashMap<>();
        q.cluster().ifPresent(c -> {
            sql.append(" and cluster_id = :cluster");
            params.put("cluster", c.value());
        });
        q.actor().ifPresent(a -> {
            sql.append(" and actor = :actor");
            params.put("actor", a);
        });
        q.by().ifPresent(by -> {
            sql.append(by == AuditQuery.By.AUTOMATIC ? " and actor in (:automatic)" : " and actor not in (:automatic)");
            params.put("automatic", List.copyOf(Actors.AUTOMATIC));
        });
        q.text().ifPresent(t -> {
            sql.append(" and (lower(detail) like :text escape '!' or lower(action) like :text escape '!'"
                    + " or lower(actor) like :text escape '!' or lower(object_id) like :text escape '!')");
            params.put("text", "%" + escapeLike(t.toLowerCase(Locale.ROOT)) + "%");
        });
        q.from().ifPresent(f -> {
            sql.append(" and occurred_at >= :from");
            params.put("from", Times.bind(f));
        });
        q.to().ifPresent(t -> {
            sql.append(" and occurred_at < :to");
            params.put("to", Times.bind(t));
        });
        q.before().ifPresent(c -> {
            sql.append(" and (occurred_at < :cAt or (occurred_at = :cAt and (kind_rank < :cKind"
                    + " or (kind_rank = :cKind and entry_id < :cId))))");
            params.put("cAt", Times.bind(c.at()));
            params.put("cKind", c.kind().rank());
            params.put("cId", c.id());
        });
        sql.append(" order by occurred_at desc, kind_rank desc, entry_id desc limit :limit");
        params.put("limit", q.limit() + 1);
        List<AuditRecord> found = jdbc.sql(sql.toString()).params(params).query((rs, n) -> record(rs)).list();
        if (found.size() <= q.limit()) {
            return new Page(found, Optional.empty());
        }
        List<AuditRecord> page = found.subList(0, q.limit());
        return new Page(page, Optional.of(page.get(page.size() - 1).cursor()));
    }

    /** The actors that appear in the log, for a filter's suggestions; at most {@code limit}, in name order. */
    public List<String> actors(int limit) {
        return jdbc.sql("""
                select actor from (select actor from recommendation_audit union select actor from rollout_audit
                    union select actor from tuning_loop_audit) a order by actor limit :limit""")
                .param("limit", limit).query(String.class).list();
    }

    /** '!' escapes LIKE's wildcards, so that "50%" and "read_ratio" match literally. */
    static String escapeLike(String text) {
        return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }

    private static AuditRecord record(ResultSet rs) throws SQLException {
        AuditRecord.Kind kind = AuditRecord.Kind.ofRank(rs.getInt("kind_rank"));
        return new AuditRecord(kind, rs.getLong("entry_id"), new ClusterId(rs.getString("cluster_id")), rs.getString("object_id"),
                Optional.ofNullable(rs.getString("recommendation_id")).map(UUID::fromString),
                Optional.ofNullable(rs.getString("from_state")), rs.getString("action"), rs.getString("actor"),
                Times.read(rs, "occurred_at"), rs.getString("detail"));
    }
}
