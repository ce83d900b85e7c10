package dev.ctuner.common.protocol.message;

/** Whether an experiment's numbers can be trusted for learning. */
public enum ExperimentQuality {
    /** Ran as planned. */
    OK,
    /** Something broke during the run (errors, node restart); numbers are not comparable. */
    FAULTED,
    /** Ran, but variance was too high to trust the numbers. */
    NOISY
}
