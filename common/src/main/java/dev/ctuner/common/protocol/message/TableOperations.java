package dev.ctuner.common.protocol.message;

/**
 * Operations on one table during a sampling window.
 *
 * @param readRatio fraction of the table's operations that read; null when there were none
 */
public record TableOperations(String keyspace, String table, OperationCounts operations, Double readRatio) {

    public TableOperations {
        Checks.nonBlank(keyspace, "keyspace");
        Checks.nonBlank(table, "table");
        Checks.required(operations, "operations");
        Checks.nullableRatio(readRatio, "readRatio");
    }
}
