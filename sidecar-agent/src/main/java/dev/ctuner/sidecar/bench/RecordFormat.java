package dev.ctuner.sidecar.bench;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The YCSB-compatible data model: table {@code usertable (y_id text PRIMARY KEY, field0 text, ...,
 * field9 text)}, each field a 100-character value of printable ASCII.
 *
 * <p>Record number {@code i} has the key {@code "user" + i} (so record 42 is {@code "user42"}). YCSB
 * by default hashes the record number into the key to avoid ordered inserts; with Cassandra's
 * Murmur3 partitioner the token already spreads consecutive keys over the ring, so the plain form
 * costs nothing and lets observers map a key back to its record number ({@link #recordNumber}).
 *
 * <pre>{@code
 * String key = RecordFormat.key(42);                       // "user42"
 * String v = RecordFormat.randomValue(new SplittableRandom(7)); // 100 printable characters
 * }</pre>
 */
public final class RecordFormat {

    public static final String TABLE = "usertable";
    public static final String KEY_COLUMN = "y_id";
    public static final int FIELD_COUNT = 10;
    public static final int FIELD_LENGTH = 100;

    private static final String KEY_PREFIX = "user";
    private static final char FIRST_PRINTABLE = ' ';
    private static final int PRINTABLE_COUNT = '~' - ' ' + 1;

    private RecordFormat() {
    }

    /** The key of record number {@code recordNumber}: {@code "user" + recordNumber}. */
    public static String key(long recordNumber) {
        if (recordNumber < 0) {
            throw new IllegalArgumentException("record numbers are >= 0, got " + recordNumber);
        }
        return KEY_PREFIX + recordNumber;
    }

    /** The record number of a key made by {@link #key}; throws for any other string. */
    public static long recordNumber(String key) {
        if (!key.startsWith(KEY_PREFIX) || key.length() == KEY_PREFIX.length()) {
            throw new IllegalArgumentException("not a workload key (user<number>): " + key);
        }
        try {
            long n = Long.parseLong(key.substring(KEY_PREFIX.length()));
            if (n < 0 || !key(n).equals(key)) {
                throw new IllegalArgumentException("not a workload key (user<number>): " + key);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a workload key (user<number>): " + key, e);
        }
    }

    /** Column name of field {@code index} (0-based): {@code "field" + index}. */
    public static String fieldName(int index) {
        if (index < 0 || index >= FIELD_COUNT) {
            throw new IllegalArgumentException("field index must be in [0, " + FIELD_COUNT + "), got " + index);
        }
        return "field" + index;
    }

    /** A value of {@link #FIELD_LENGTH} characters drawn uniformly from printable ASCII (space to '~'). */
    public static String randomValue(RandomGenerator rng) {
        char[] chars = new char[FIELD_LENGTH];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (FIRST_PRINTABLE + rng.nextInt(PRINTABLE_COUNT));
        }
        return new String(chars);
    }

    /**
     * The generator for the initial values of one record: derived from the load seed and the record
     * number only, so that a record's loaded content does not depend on load order or concurrency.
     */
    static SplittableRandom loadRandom(long seed, long recordNumber) {
        return new SplittableRandom(Mixing.mix64(seed ^ Mixing.mix64(recordNumber + 0x9E3779B97F4A7C15L)));
    }
}
