package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.concurrent.CompletionStage;

/** Runs operations with the driver's async API on prepared statements, at the run's consistency level. */
final class CqlOperationExecutor implements OperationExecutor {

    private final CqlSession session;
    private final Schema.Statements statements;
    private final ConsistencyLevel consistency;
    private final ConsistencyLevel serialConsistency;

    CqlOperationExecutor(CqlSession session, Schema.Statements statements, ConsistencyLevel consistency,
            ConsistencyLevel serialConsistency) {
        this.session = session;
        this.statements = statements;
        this.consistency = consistency;
        this.serialConsistency = serialConsistency;
    }

    @Override
    public CompletionStage<Void> execute(Operation op) {
        switch (op.type()) {
            case READ:
                return send(read(op));
            case UPDATE:
                return send(update(op, op.writes().get(0)));
            case INSERT:
                return send(insert(op));
            case SCAN:
                return send(statements.scan().bind(op.key(), op.scanLength()).setConsistencyLevel(consistency));
            case READ_MODIFY_WRITE:
                // The write is sent only after the read has answered, as a client that modifies what it read.
                return session.executeAsync(read(op))
                        .thenCompose(rows -> session.executeAsync(update(op, op.writes().get(0))))
                        .thenApply(rows -> null);
            case LWT: {
                BoundStatement lwt = statements.lwt().bind(op.writes().get(0).value(), op.key())
                        .setConsistencyLevel(consistency).setSerialConsistencyLevel(serialConsistency);
                return send(lwt);
            }
            case BATCH: {
                BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED)
                        .setConsistencyLevel(consistency);
                for (Operation.FieldWrite write : op.writes()) {
                    batch.addStatement(statements.updateByField().get(write.field()).bind(write.value(), op.key()));
                }
                return send(batch.build());
            }
            default:
                throw new IllegalStateException("unhandled operation type " + op.type());
        }
    }

    private BoundStatement read(Operation op) {
        return statements.read().bind(op.key()).setConsistencyLevel(consistency);
    }

    private BoundStatement update(Operation op, Operation.FieldWrite write) {
        return statements.updateByField().get(write.field()).bind(write.value(), op.key())
                .setConsistencyLevel(consistency);
    }

    private BoundStatement insert(Operation op) {
        Object[] values = new Object[RecordFormat.FIELD_COUNT + 1];
        values[0] = op.key();
        for (Operation.FieldWrite write : op.writes()) {
            values[write.field() + 1] = write.value();
        }
        return statements.insert().bind(values).setConsistencyLevel(consistency);
    }

    private CompletionStage<Void> send(Statement<?> statement) {
        return session.executeAsync(statement).thenApply(rows -> null);
    }
}
