package dev.ctuner.common.protocol.message;

/**
 * Operations counted in a sampling window, by kind.
 *
 * @param reads single-partition reads
 * @param writes regular writes (inserts, updates, deletes)
 * @param rangeScans range and index scans
 * @param lwts lightweight transactions (CAS)
 * @param batches batch statements
 */
public record OperationCounts(long reads, long writes, long rangeScans, long lwts, long batches) {

    public OperationCounts {
        Checks.nonNegative(reads, "reads");
        Checks.nonNegative(writes, "writes");
        Checks.nonNegative(rangeScans, "rangeScans");
        Checks.nonNegative(lwts, "lwts");
        Checks.nonNegative(batches, "batches");
    }

    /** Sum of all kinds; not part of the wire form. */
    public long total() {
        return reads + writes + rangeScans + lwts + batches;
    }
}
