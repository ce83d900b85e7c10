package dev.ctuner.common.protocol.message;

/** Hit ratios in [0, 1] of the key, row and chunk caches; null when unknown or disabled. */
public record CacheHitRatios(Double key, Double row, Double chunk) {

    /** Nothing known. */
    public static final CacheHitRatios UNKNOWN = new CacheHitRatios(null, null, null);

    public CacheHitRatios {
        Checks.nullableRatio(key, "key");
        Checks.nullableRatio(row, "row");
        Checks.nullableRatio(chunk, "chunk");
    }
}
