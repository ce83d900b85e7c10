package dev.ctuner.common.protocol.message;

/**
 * A synthetic workload in YCSB terms, used to run and to describe experiments.
 * The five proportions are each in [0, 1] and sum to 1 (within {@value #PROPORTION_TOLERANCE}).
 *
 * @param recordCount records loaded before the run; > 0
 * @param operationCount operations in the run; > 0
 * @param threads client threads; > 0
 * @param seed random seed, so that a run can be repeated
 */
public record WorkloadSpec(
        double readProportion,
        double updateProportion,
        double insertProportion,
        double scanProportion,
        double readModifyWriteProportion,
        RequestDistribution requestDistribution,
        long recordCount,
        long operationCount,
        int threads,
        long seed) {

    /** Allowed distance of the proportions' sum from 1. */
    public static final double PROPORTION_TOLERANCE = 1e-9;

    public WorkloadSpec {
        Checks.ratio(readProportion, "readProportion");
        Checks.ratio(updateProportion, "updateProportion");
        Checks.ratio(insertProportion, "insertProportion");
        Checks.ratio(scanProportion, "scanProportion");
        Checks.ratio(readModifyWriteProportion, "readModifyWriteProportion");
        double sum = readProportion + updateProportion + insertProportion + scanProportion
                + readModifyWriteProportion;
        if (Math.abs(sum - 1.0) > PROPORTION_TOLERANCE) {
            throw new IllegalArgumentException("proportions must sum to 1 but readProportion + updateProportion"
                    + " + insertProportion + scanProportion + readModifyWriteProportion = " + sum);
        }
        Checks.required(requestDistribution, "requestDistribution");
        Checks.positive(recordCount, "recordCount");
        Checks.positive(operationCount, "operationCount");
        Checks.positive(threads, "threads");
    }
}
