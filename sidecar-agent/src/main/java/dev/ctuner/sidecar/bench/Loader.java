package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;

/**
 * Loads records 0 .. n-1 with async inserts, a bounded number in flight. A record's values depend only
 * on the seed and its number, so a reload writes the same data. A failed insert is retried up to
 * {@link #MAX_ATTEMPTS} times in all, since a missing record would turn later reads into misses.
 *
 * <pre>{@code
 * Schema schema = new Schema("ycsb");
 * schema.create(session, Replication.simple(3));
 * Loader.LoadResult loaded = new Loader(session, schema)
 *         .load(100_000, 128, 42, DefaultConsistencyLevel.ONE);
 * System.out.printf("%d records at %.0f/s%n", loaded.records(), loaded.recordsPerSecond());
 * }</pre>
 */
public final class Loader {

    public static final int MAX_ATTEMPTS = 3;

    private final CqlSession session;
    private final Schema schema;

    public Loader(CqlSession session, Schema schema) {
        this.session = session;
        this.schema = schema;
    }

    /**
     * The outcome of a load.
     *
     * @param records          records written
     * @param failed           records not written after all attempts
     * @param errorsByType     failed attempts (including retried ones) per exception class
     * @param elapsed          time from first insert to last answer
     * @param recordsPerSecond records written per second
     */
    public record LoadResult(long records, long failed, Map<String, Long> errorsByType, Duration elapsed,
            double recordsPerSecond) {

        public LoadResult {
            errorsByType = Map.copyOf(errorsByType);
        }
    }

    public LoadResult load(long recordCount, int maxInFlight, long seed, ConsistencyLevel consistency) {
        return load(recordCount, maxInFlight, seed, consistency, issued -> { });
    }

    /**
     * Loads {@code recordCount} records; {@code progress} is called on the calling thread with the number
     * of records issued so far, about every 5% of the load.
     */
    public LoadResult load(long recordCount, int maxInFlight, long seed, ConsistencyLevel consistency,
            LongConsumer progress) {
        PreparedStatement insert = session.prepare(schema.insertCql());
        return load(record -> {
            SplittableRandom rng = RecordFormat.loadRandom(seed, record);
            Object[] values = new Object[RecordFormat.FIELD_COUNT + 1];
            values[0] = RecordFormat.key(record);
            for (int f = 1; f < values.length; f++) {
                values[f] = RecordFormat.randomValue(rng);
            }
            return session.executeAsync(insert.bind(values).setConsistencyLevel(consistency));
        }, recordCount, maxInFlight, progress, Ticker.SYSTEM);
    }

    /** The load loop, independent of CQL so that it can be tested in memory. */
    static LoadResult load(LongFunction<CompletionStage<?>> insertRecord, long recordCount, int maxInFlight,
            LongConsumer progress, Ticker ticker) {
        if (recordCount < 0 || maxInFlight < 1) {
            throw new IllegalArgumentException("need recordCount >= 0 and maxInFlight >= 1, got " + recordCount
                    + " and " + maxInFlight);
        }
        Semaphore permits = new Semaphore(maxInFlight);
        LongAdder written = new LongAdder();
        LongAdder failed = new LongAdder();
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        long step = Math.max(1, recordCount / 20);
        long start = ticker.nanoTime();
        try {
            for (long record = 0; record < recordCount; record++) {
                permits.acquire();
                attempt(insertRecord, record, 1, permits, written, failed, errors);
                if ((record + 1) % step == 0) {
                    progress.accept(record + 1);
                }
            }
            permits.acquire(maxInFlight);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long end = ticker.nanoTime();
        Map<String, Long> errorCounts = new TreeMap<>();
        errors.forEach((name, count) -> errorCounts.put(name, count.sum()));
        double seconds = Math.max(1e-9, (end - start) / 1e9);
        return new LoadResult(written.sum(), failed.sum(), errorCounts, Duration.ofNanos(end - start),
                written.sum() / seconds);
    }

    /** Sends one insert; on failure sends it again from the callback, holding the same permit. */
    private static void attempt(LongFunction<CompletionStage<?>> insertRecord, long record, int attempt,
            Semaphore permits, LongAdder written, LongAdder failed, Map<String, LongAdder> errors) {
        CompletionStage<?> done;
        try {
            done = insertRecord.apply(record);
        } catch (RuntimeException e) {
            done = CompletableFuture.failedFuture(e);
        }
        done.whenComplete((ignored, error) -> {
            if (error == null) {
                written.increment();
                permits.release();
                return;
            }
            errors.computeIfAbsent(PhaseRecorder.errorName(error), name -> new LongAdder()).increment();
            if (attempt < MAX_ATTEMPTS) {
                attempt(insertRecord, record, attempt + 1, permits, written, failed, errors);
            } else {
                failed.increment();
                permits.release();
            }
        });
    }
}
