package dev.ctuner.sidecar.bench;

/**
 * Deterministic 64-bit mixing (the SplitMix64 finalizer), used wherever the driver needs a hash: to
 * derive per-phase seeds, to sample keys for recording and to scramble Zipf ranks. Stable across JVMs
 * and releases, unlike {@code Object.hashCode}, so that recorded ground truth is reproducible.
 */
final class Mixing {

    private Mixing() {
    }

    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A value uniform in [0, 1) taken from the top 53 bits of {@link #mix64}. */
    static double unitInterval(long z) {
        return (mix64(z) >>> 11) * 0x1.0p-53;
    }
}
