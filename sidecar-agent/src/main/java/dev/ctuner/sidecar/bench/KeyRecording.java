package dev.ctuner.sidecar.bench;

/**
 * Whether and how much of the key sequence to record (see {@link KeySequence}).
 *
 * <pre>{@code
 * KeyRecording.off();
 * KeyRecording.sampled(0.01, 1_000_000);   // all accesses of ~1% of the keys, at most 1M entries
 * }</pre>
 *
 * @param sampleFraction fraction of keys whose accesses are recorded, in [0, 1]; 0 is off, 1 is all
 * @param capacity       most entries kept; later entries are dropped and counted
 */
public record KeyRecording(double sampleFraction, int capacity) {

    public static final int DEFAULT_CAPACITY = 1_000_000;

    public KeyRecording {
        if (!(sampleFraction >= 0 && sampleFraction <= 1)) {
            throw new IllegalArgumentException("key sample fraction must be in [0, 1], got " + sampleFraction);
        }
        if (capacity < 0) {
            throw new IllegalArgumentException("key sequence capacity must be >= 0, got " + capacity);
        }
    }

    public static KeyRecording off() {
        return new KeyRecording(0, 0);
    }

    public static KeyRecording all(int capacity) {
        return new KeyRecording(1, capacity);
    }

    public static KeyRecording sampled(double sampleFraction, int capacity) {
        return new KeyRecording(sampleFraction, capacity);
    }

    public boolean enabled() {
        return sampleFraction > 0 && capacity > 0;
    }
}
