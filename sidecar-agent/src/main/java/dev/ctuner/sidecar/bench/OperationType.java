package dev.ctuner.sidecar.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The operations of the workload. The first five are YCSB's core operations; LWT and BATCH are
 * extensions whose effects (Paxos rounds, batch sizes) the sidecar must observe.
 *
 * <pre>{@code
 * OperationType.fromName("rmw");   // READ_MODIFY_WRITE
 * }</pre>
 */
public enum OperationType {
    /** Select all fields of one record by key. */
    READ("read"),
    /** Overwrite one random field of one record. */
    UPDATE("update"),
    /** Write a new record, numbered after every record loaded or inserted so far. */
    INSERT("insert"),
    /** Read records in token order from a key's token; length uniform in [1, maxScanLength]. */
    SCAN("scan"),
    /** Read a record, then update one field of the same record. */
    READ_MODIFY_WRITE("rmw"),
    /** Conditional update of field0 ({@code IF EXISTS}): a lightweight transaction. */
    LWT("lwt"),
    /** An UNLOGGED batch of {@code batchSize} single-field updates to one record. */
    BATCH("batch");

    private final String shortName;

    OperationType(String shortName) {
        this.shortName = shortName;
    }

    /** The lower-case name used in mixes, trace files and the CLI. */
    public String shortName() {
        return shortName;
    }

    /** Accepts the short name or the enum name, in any case. */
    public static OperationType fromName(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (OperationType type : values()) {
            if (type.shortName.equals(wanted) || type.name().toLowerCase(Locale.ROOT).equals(wanted)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown operation '" + name + "'; known: " + Arrays.stream(values())
                .map(OperationType::shortName).collect(Collectors.joining(", ")));
    }
}
