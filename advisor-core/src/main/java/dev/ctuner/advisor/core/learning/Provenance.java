package dev.ctuner.advisor.core.learning;

import java.time.Instant;
import java.util.Objects;

/**
 * Where a sample came from, so that any number derived from it can be traced to a measurement.
 *
 * <pre>{@code
 * new Provenance("scr-0042", "screening", "p17", 0, started, finished, "5.0.9", "4.19.0",
 *         new Provenance.Hardware(2, 24_576, 4_096));
 * }</pre>
 */
public record Provenance(String experimentId, String campaign, String designPoint, int repetition,
                         Instant startedAt, Instant finishedAt, String cassandraVersion, String driverVersion,
                         Hardware hardware) {

    /**
     * The machine the node ran on.
     *
     * @param machine which machine instance it was (the campaigns write the kernel's boot id: a new
     *                virtual machine, or a reboot, is a new one); empty when the data does not say. Two
     *                machines of the same shape can differ in speed by far more than a knob does, so
     *                measurements are only compared within one machine or after anchoring
     *                ({@link dev.ctuner.advisor.core.experiment.AnchorNormalisation})
     */
    public record Hardware(int cores, long memoryMiB, long heapMiB, String machine) {

        public Hardware {
            Objects.requireNonNull(machine, "machine");
        }

        /** Hardware of an unidentified machine instance. */
        public Hardware(int cores, long memoryMiB, long heapMiB) {
            this(cores, memoryMiB, heapMiB, "");
        }
    }

    public Provenance {
        Objects.requireNonNull(experimentId, "experimentId");
        Objects.requireNonNull(campaign, "campaign");
        Objects.requireNonNull(designPoint, "designPoint");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        Objects.requireNonNull(cassandraVersion, "cassandraVersion");
        Objects.requireNonNull(driverVersion, "driverVersion");
        Objects.requireNonNull(hardware, "hardware");
    }
}
