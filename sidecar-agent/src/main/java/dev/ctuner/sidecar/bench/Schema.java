package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The workload's keyspace and table, and the CQL of every operation.
 *
 * <pre>{@code
 * Schema schema = new Schema("ycsb");
 * schema.create(session, Replication.simple(3));
 * Schema.Statements statements = schema.prepare(session);
 * }</pre>
 *
 * <p>All identifiers are fully qualified with the keyspace, so the session needs no current keyspace.
 */
public final class Schema {

    /** DDL waits for schema agreement across the cluster, which can take far longer than a request. */
    private static final Duration DDL_TIMEOUT = Duration.ofSeconds(60);

    private final String keyspace;

    public Schema(String keyspace) {
        if (keyspace == null || !keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
            throw new IllegalArgumentException("keyspace must be a CQL identifier (a letter, then up to 47 letters, "
                    + "digits or _), got '" + keyspace + "'");
        }
        this.keyspace = keyspace;
    }

    public String keyspace() {
        return keyspace;
    }

    /** The prepared statement of each operation; see {@link Schema#prepare}. */
    public record Statements(PreparedStatement read, List<PreparedStatement> updateByField,
            PreparedStatement insert, PreparedStatement scan, PreparedStatement lwt) {

        public Statements {
            updateByField = List.copyOf(updateByField);
        }
    }

    /** Creates the keyspace and table if they do not exist yet (an existing keyspace is left as it is). */
    public void create(CqlSession session, Replication replication) {
        create(session, replication, TableOptions.NONE);
    }

    /** Creates the keyspace and a table with {@code options} if they do not exist yet. */
    public void create(CqlSession session, Replication replication, TableOptions options) {
        for (String cql : List.of(createKeyspaceCql(replication), createTableCql(options))) {
            session.execute(SimpleStatement.builder(cql).setTimeout(DDL_TIMEOUT).build());
        }
    }

    /** Drops the keyspace and its data. */
    public void drop(CqlSession session) {
        session.execute(SimpleStatement.builder("DROP KEYSPACE IF EXISTS " + keyspace).setTimeout(DDL_TIMEOUT).build());
    }

    /** Prepares every operation's statement once, for the whole run. */
    public Statements prepare(CqlSession session) {
        List<PreparedStatement> updates = new ArrayList<>();
        for (int field = 0; field < RecordFormat.FIELD_COUNT; field++) {
            updates.add(session.prepare(updateCql(field)));
        }
        return new Statements(session.prepare(readCql()), updates, session.prepare(insertCql()),
                session.prepare(scanCql()), session.prepare(lwtCql()));
    }

    public String createKeyspaceCql(Replication replication) {
        return "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replication.toCql();
    }

    public String createTableCql() {
        return createTableCql(TableOptions.NONE);
    }

    public String createTableCql(TableOptions options) {
        String fields = IntStream.range(0, RecordFormat.FIELD_COUNT)
                .mapToObj(i -> RecordFormat.fieldName(i) + " text")
                .collect(Collectors.joining(", "));
        return "CREATE TABLE IF NOT EXISTS " + table() + " (" + RecordFormat.KEY_COLUMN + " text PRIMARY KEY, "
                + fields + ")" + (options.isEmpty() ? "" : " WITH " + options.cql());
    }

    /** READ: every field of one record. Binds: key. */
    public String readCql() {
        return "SELECT " + allColumns() + " FROM " + table() + " WHERE " + RecordFormat.KEY_COLUMN + " = ?";
    }

    /** UPDATE of one field. Binds: value, key. */
    public String updateCql(int field) {
        return "UPDATE " + table() + " SET " + RecordFormat.fieldName(field) + " = ? WHERE "
                + RecordFormat.KEY_COLUMN + " = ?";
    }

    /** INSERT of a whole record. Binds: key, field0 .. field9. */
    public String insertCql() {
        String markers = IntStream.rangeClosed(0, RecordFormat.FIELD_COUNT).mapToObj(i -> "?")
                .collect(Collectors.joining(", "));
        return "INSERT INTO " + table() + " (" + allColumns() + ") VALUES (" + markers + ")";
    }

    /** SCAN: records from a key's token on, in token order. Binds: start key, limit. */
    public String scanCql() {
        return "SELECT " + allColumns() + " FROM " + table() + " WHERE token(" + RecordFormat.KEY_COLUMN
                + ") >= token(?) LIMIT ?";
    }

    /** LWT: a conditional update of field0 (a Paxos round). Binds: value, key. */
    public String lwtCql() {
        return "UPDATE " + table() + " SET " + RecordFormat.fieldName(0) + " = ? WHERE " + RecordFormat.KEY_COLUMN
                + " = ? IF EXISTS";
    }

    private String table() {
        return keyspace + "." + RecordFormat.TABLE;
    }

    private static String allColumns() {
        return RecordFormat.KEY_COLUMN + ", " + IntStream.range(0, RecordFormat.FIELD_COUNT)
                .mapToObj(RecordFormat::fieldName).collect(Collectors.joining(", "));
    }
}
