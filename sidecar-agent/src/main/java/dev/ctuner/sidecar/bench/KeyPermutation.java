package dev.ctuner.sidecar.bench;

/**
 * A seeded bijection of [0, n), used to scatter Zipf ranks over the key space ("scrambled" Zipfian).
 *
 * <p>YCSB scrambles by hashing the rank modulo n, which makes some ranks share a record. We use a
 * four-round Feistel network on the smallest even number of bits covering n, and "cycle-walk"
 * (re-encrypt) values that land outside [0, n): a permutation restricted this way stays a
 * permutation, so every record keeps exactly its rank's probability. The Feistel domain is at most
 * 4n, so a value takes fewer than four rounds of walking on average.
 */
final class KeyPermutation {

    private static final int ROUNDS = 4;

    private final long n;
    private final int halfBits;
    private final long halfMask;
    private final long[] roundKeys = new long[ROUNDS];

    KeyPermutation(long n, long seed) {
        if (n < 1 || n > (1L << 62)) {
            throw new IllegalArgumentException("permutation size must be in [1, 2^62], got " + n);
        }
        this.n = n;
        int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(n - 1));
        this.halfBits = (bits + 1) / 2;
        this.halfMask = (1L << halfBits) - 1;
        for (int i = 0; i < ROUNDS; i++) {
            roundKeys[i] = Mixing.mix64(seed + (i + 1) * 0x9E3779B97F4A7C15L);
        }
    }

    long apply(long x) {
        if (x < 0 || x >= n) {
            throw new IllegalArgumentException(x + " is outside [0, " + n + ")");
        }
        long y = encrypt(x);
        while (y >= n) {
            y = encrypt(y);
        }
        return y;
    }

    private long encrypt(long x) {
        long left = x >>> halfBits;
        long right = x & halfMask;
        for (long key : roundKeys) {
            long next = left ^ (Mixing.mix64(right ^ key) & halfMask);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }
}
