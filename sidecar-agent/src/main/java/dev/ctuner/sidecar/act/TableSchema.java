package dev.ctuner.sidecar.act;

import dev.ctuner.sidecar.bench.TableOptions;
import java.time.Duration;
import java.util.Optional;

/** What altering a table needs from the node: read a table's options, run DDL, wait for schema agreement. */
public interface TableSchema {

    /**
     * The table's options as {@code system_schema.tables} reports them, in the catalog's spelling; empty
     * when the keyspace or table does not exist. Throws {@link IllegalStateException} when the node cannot be asked.
     */
    Optional<TableOptions> options(String keyspace, String table);

    /** Runs one schema statement on the node; throws with Cassandra's message when it is refused. */
    void execute(String cql);

    /** Waits until every node of the ring reports the same schema version; false when the timeout passes first. */
    boolean awaitAgreement(Duration timeout);
}
