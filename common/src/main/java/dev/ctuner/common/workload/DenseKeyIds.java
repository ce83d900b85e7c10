package dev.ctuner.common.workload;

/**
 * Maps {@code long} key ids to dense ids {@code 0, 1, 2, ...} in order of first appearance, with an
 * open-addressing table so a long sequence is processed without boxing every access.
 */
final class DenseKeyIds {

    private long[] keys;
    private int[] ids;   // id + 1, so that 0 marks a free slot
    private int size;

    DenseKeyIds(int expectedKeys) {
        int capacity = Integer.highestOneBit(Math.max(16, expectedKeys) * 2 - 1) << 1;
        keys = new long[capacity];
        ids = new int[capacity];
    }

    /** The dense id of the key, assigning the next one if the key is new. */
    int idOf(long key) {
        int mask = keys.length - 1;
        int slot = mix(key) & mask;
        while (ids[slot] != 0) {
            if (keys[slot] == key) {
                return ids[slot] - 1;
            }
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        ids[slot] = ++size;
        if (size * 2 > keys.length) {
            grow();
        }
        return size - 1;
    }

    /** Number of distinct keys seen. */
    int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldIds = ids;
        keys = new long[oldKeys.length * 2];
        ids = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldIds[i] != 0) {
                int slot = mix(oldKeys[i]) & mask;
                while (ids[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                ids[slot] = oldIds[i];
            }
        }
    }

    // Sequential ids would otherwise fill neighbouring slots and make probing long.
    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
