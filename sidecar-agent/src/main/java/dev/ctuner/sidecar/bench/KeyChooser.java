package dev.ctuner.sidecar.bench;

import java.util.random.RandomGenerator;

/**
 * Picks the record number of the next operation's key. Choosers hold no randomness of their own:
 * every draw comes from the seeded generator passed in, so a run is reproducible from its seed.
 * Choosers are made by {@link KeyDistribution#newChooser} and are not thread-safe (the driver draws
 * all keys on its single issuing thread).
 *
 * <pre>{@code
 * KeyChooser keys = KeyDistribution.zipfian().newChooser(1_000_000, seed);
 * long record = keys.next(rng);          // a record number in [0, 1_000_000)
 * String key = RecordFormat.key(record);
 * }</pre>
 */
public interface KeyChooser {

    /** The record number for the next operation. */
    long next(RandomGenerator rng);

    /**
     * Tells the chooser that record {@code recordNumber} was inserted. Only choosers that follow the
     * growing key space (LATEST) use it; the others keep choosing among the records they were made for.
     */
    default void recordInserted(long recordNumber) {
    }
}
