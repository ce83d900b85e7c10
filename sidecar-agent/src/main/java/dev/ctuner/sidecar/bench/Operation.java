package dev.ctuner.sidecar.bench;

import java.util.List;

/**
 * One operation, fully decided before it is sent: type, key and every value it writes. Deciding
 * everything on the issuing thread from one seeded generator makes the sequence reproducible.
 *
 * @param index        run-wide 0-based position in issue order
 * @param type         operation type
 * @param recordNumber the key's record number (for SCAN the start key)
 * @param scanLength   rows a SCAN asks for; 0 for other types
 * @param writes       fields written (INSERT: all, in field order; UPDATE, READ_MODIFY_WRITE, LWT: one;
 *                     BATCH: batchSize); empty for READ and SCAN
 */
record Operation(long index, OperationType type, long recordNumber, int scanLength, List<FieldWrite> writes) {

    Operation {
        writes = List.copyOf(writes);
    }

    String key() {
        return RecordFormat.key(recordNumber);
    }

    /** A value written to one field. */
    record FieldWrite(int field, String value) {
    }
}
