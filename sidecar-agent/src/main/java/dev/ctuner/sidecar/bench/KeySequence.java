package dev.ctuner.sidecar.bench;

import java.util.Arrays;

/**
 * The ground truth of key reuse: for every operation on a sampled key, in issue order, its run-wide
 * operation index, its type and its key's record number. Stored in primitive arrays (17 bytes an
 * entry) that grow by doubling up to the capacity.
 *
 * <p><b>Sampling</b> is by key, not by operation: a key is sampled when a stable hash of its record
 * number falls below the fraction ({@link #isSampled}), so every access of a sampled key is kept and
 * reuse distances among sampled keys are exact. Anyone can recompute which keys were sampled.
 *
 * <p><b>When full</b>, later entries are dropped, not evicted: the sequence stays a complete prefix of
 * the run. {@link #dropped()} counts the lost entries and {@link #firstDroppedOperationIndex()} says
 * where completeness ends.
 *
 * <pre>{@code
 * KeySequence keys = result.keySequence();
 * for (int i = 0; i < keys.size(); i++) {
 *     use(keys.operationIndex(i), keys.type(i), keys.recordNumber(i));
 * }
 * }</pre>
 *
 * <p>Written only by the driver's issuing thread; complete and safe to read once the run has returned.
 */
public final class KeySequence {

    private static final long SAMPLING_SALT = 0x6A09E667F3BCC909L;
    private static final int INITIAL_CAPACITY = 1024;
    private static final OperationType[] TYPES = OperationType.values();

    private final double sampleFraction;
    private final int capacity;
    private long[] operationIndexes = new long[0];
    private long[] recordNumbers = new long[0];
    private byte[] types = new byte[0];
    private int size;
    private long dropped;
    private long firstDroppedOperationIndex = -1;

    KeySequence(KeyRecording recording) {
        this.sampleFraction = recording.sampleFraction();
        this.capacity = recording.capacity();
    }

    /** Whether accesses of record {@code recordNumber} are recorded at {@code sampleFraction}. */
    public static boolean isSampled(long recordNumber, double sampleFraction) {
        return sampleFraction >= 1 || Mixing.unitInterval(recordNumber ^ SAMPLING_SALT) < sampleFraction;
    }

    /** Records one issued operation if its key is sampled; returns whether it was kept. */
    boolean record(long operationIndex, OperationType type, long recordNumber) {
        if (sampleFraction <= 0 || !isSampled(recordNumber, sampleFraction)) {
            return false;
        }
        if (size == capacity) {
            if (dropped++ == 0) {
                firstDroppedOperationIndex = operationIndex;
            }
            return false;
        }
        if (size == operationIndexes.length) {
            int grown = (int) Math.min(capacity, Math.max(INITIAL_CAPACITY, 2L * size));
            operationIndexes = Arrays.copyOf(operationIndexes, grown);
            recordNumbers = Arrays.copyOf(recordNumbers, grown);
            types = Arrays.copyOf(types, grown);
        }
        operationIndexes[size] = operationIndex;
        recordNumbers[size] = recordNumber;
        types[size] = (byte) type.ordinal();
        size++;
        return true;
    }

    public int size() {
        return size;
    }

    public long operationIndex(int i) {
        return operationIndexes[checkIndex(i)];
    }

    public OperationType type(int i) {
        return TYPES[types[checkIndex(i)]];
    }

    public long recordNumber(int i) {
        return recordNumbers[checkIndex(i)];
    }

    /** A copy of the recorded record numbers, in issue order. */
    public long[] recordNumbers() {
        return Arrays.copyOf(recordNumbers, size);
    }

    /** A copy of the recorded operation indexes, in issue order. */
    public long[] operationIndexes() {
        return Arrays.copyOf(operationIndexes, size);
    }

    public double sampleFraction() {
        return sampleFraction;
    }

    public int capacity() {
        return capacity;
    }

    /** Entries not kept because the sequence was full. */
    public long dropped() {
        return dropped;
    }

    /** Operation index of the first dropped entry, or -1; the sequence is complete before it. */
    public long firstDroppedOperationIndex() {
        return firstDroppedOperationIndex;
    }

    public boolean isFull() {
        return size == capacity;
    }

    private int checkIndex(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("entry " + i + " of " + size);
        }
        return i;
    }
}
