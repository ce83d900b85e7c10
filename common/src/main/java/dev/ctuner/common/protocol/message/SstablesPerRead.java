package dev.ctuner.common.protocol.message;

/** SSTables touched per read; each value null when unknown. */
public record SstablesPerRead(Double p50, Double p99, Double mean) {

    /** Nothing known. */
    public static final SstablesPerRead UNKNOWN = new SstablesPerRead(null, null, null);

    public SstablesPerRead {
        Checks.nullableFiniteNonNegative(p50, "p50");
        Checks.nullableFiniteNonNegative(p99, "p99");
        Checks.nullableFiniteNonNegative(mean, "mean");
    }
}
