package dev.ctuner.advisor.core.forecast;

/**
 * The five operation kinds a workload vector counts, in the order of
 * {@link dev.ctuner.advisor.core.learning.Workload#features()}.
 *
 * <pre>{@code
 * Operation.SCAN.ordinal();   // 3: index of the scan proportion in a WorkloadVector
 * }</pre>
 */
public enum Operation {
    READ, UPDATE, INSERT, SCAN, RMW;

    /** Number of operation kinds (the dimension of a mix). */
    public static final int COUNT = values().length;
}
