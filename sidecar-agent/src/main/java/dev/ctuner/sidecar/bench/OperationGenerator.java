package dev.ctuner.sidecar.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Decides the operations of one phase: type from the mix, key from the chooser, values and scan
 * lengths from the same seeded generator. Not thread-safe: used by the issuing thread only.
 */
final class OperationGenerator {

    private final OperationMix mix;
    private final KeyChooser keys;
    private final RandomGenerator rng;
    private final RecordCounter records;
    private final int maxScanLength;
    private final int batchSize;

    OperationGenerator(OperationMix mix, KeyChooser keys, RandomGenerator rng, RecordCounter records,
            int maxScanLength, int batchSize) {
        this.mix = mix;
        this.keys = keys;
        this.rng = rng;
        this.records = records;
        this.maxScanLength = maxScanLength;
        this.batchSize = batchSize;
    }

    Operation next(long index) {
        OperationType type = mix.choose(rng);
        switch (type) {
            case INSERT: {
                long record = records.claimNext();
                keys.recordInserted(record);
                List<Operation.FieldWrite> writes = new ArrayList<>(RecordFormat.FIELD_COUNT);
                for (int f = 0; f < RecordFormat.FIELD_COUNT; f++) {
                    writes.add(new Operation.FieldWrite(f, RecordFormat.randomValue(rng)));
                }
                return new Operation(index, type, record, 0, writes);
            }
            case READ:
                return new Operation(index, type, keys.next(rng), 0, List.of());
            case SCAN: {
                long start = keys.next(rng);
                return new Operation(index, type, start, 1 + rng.nextInt(maxScanLength), List.of());
            }
            case UPDATE:
            case READ_MODIFY_WRITE: {
                long record = keys.next(rng);
                return new Operation(index, type, record, 0, List.of(randomFieldWrite()));
            }
            case LWT: {
                long record = keys.next(rng);
                return new Operation(index, type, record, 0,
                        List.of(new Operation.FieldWrite(0, RecordFormat.randomValue(rng))));
            }
            case BATCH: {
                long record = keys.next(rng);
                List<Operation.FieldWrite> writes = new ArrayList<>(batchSize);
                for (int i = 0; i < batchSize; i++) {
                    writes.add(randomFieldWrite());
                }
                return new Operation(index, type, record, 0, writes);
            }
            default:
                throw new IllegalStateException("unhandled operation type " + type);
        }
    }

    private Operation.FieldWrite randomFieldWrite() {
        int field = rng.nextInt(RecordFormat.FIELD_COUNT);
        return new Operation.FieldWrite(field, RecordFormat.randomValue(rng));
    }

    /**
     * The number of records that exist, counting inserts issued so far. Inserts take the next number
     * at issue time, so a LATEST read may target a record whose insert is still in flight (and find
     * nothing); YCSB avoids that by waiting for acknowledgements, which would make the key sequence
     * depend on response timing. We keep the sequence reproducible instead.
     */
    static final class RecordCounter {
        private long count;

        RecordCounter(long initialCount) {
            this.count = initialCount;
        }

        long count() {
            return count;
        }

        long claimNext() {
            return count++;
        }
    }
}
