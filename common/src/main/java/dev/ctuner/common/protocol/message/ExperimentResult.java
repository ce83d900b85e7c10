package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Outcome of one benchmark run, sent on the results topic in reply to {@link RunExperiment}.
 *
 * @param configuration knob name to value the run used, in cassandra.yaml spelling; sorted
 * @param startedAt start of the measured run
 * @param finishedAt end of the measured run; not before {@code startedAt}
 * @param operations operations completed
 * @param throughputOpsPerSecond operations per second over the run
 * @param operationStats per-operation statistics by operation name (e.g. READ, UPDATE); sorted
 * @param quality whether the numbers can be trusted
 * @param qualityNotes why the quality is what it is; required (not empty) unless quality is OK
 * @param machine which machine instance ran it (provenance: machines of one shape differ in speed by
 *                more than a knob does), e.g. {@code boot-<kernel boot id>}; absent in results from
 *                senders older than schema 1.1, which readers of 1.0 ignore
 */
public record ExperimentResult(
        String experimentId,
        Map<String, String> configuration,
        WorkloadSpec workload,
        PhysicalDesign physicalDesign,
        Versions versions,
        HardwareFacts hardware,
        Instant startedAt,
        Instant finishedAt,
        long operations,
        double throughputOpsPerSecond,
        Map<String, OperationStats> operationStats,
        ExperimentQuality quality,
        List<String> qualityNotes,
        Optional<String> machine) implements Message {

    /** A result that does not name its machine. */
    public ExperimentResult(String experimentId, Map<String, String> configuration, WorkloadSpec workload,
            PhysicalDesign physicalDesign, Versions versions, HardwareFacts hardware, Instant startedAt, Instant finishedAt,
            long operations, double throughputOpsPerSecond, Map<String, OperationStats> operationStats,
            ExperimentQuality quality, List<String> qualityNotes) {
        this(experimentId, configuration, workload, physicalDesign, versions, hardware, startedAt, finishedAt, operations,
                throughputOpsPerSecond, operationStats, quality, qualityNotes, Optional.empty());
    }

    public ExperimentResult {
        Checks.nonBlank(experimentId, "experimentId");
        configuration = Checks.sortedStrings(configuration, "configuration");
        Checks.required(workload, "workload");
        Checks.required(physicalDesign, "physicalDesign");
        Checks.required(versions, "versions");
        Checks.required(hardware, "hardware");
        Checks.required(startedAt, "startedAt");
        Checks.required(finishedAt, "finishedAt");
        if (finishedAt.isBefore(startedAt)) {
            throw new IllegalArgumentException("finishedAt must not be before startedAt (" + startedAt
                    + ") but was " + finishedAt);
        }
        Checks.nonNegative(operations, "operations");
        Checks.finiteNonNegative(throughputOpsPerSecond, "throughputOpsPerSecond");
        operationStats = Checks.sorted(operationStats, "operationStats");
        Checks.required(quality, "quality");
        qualityNotes = Checks.nonBlankList(qualityNotes, "qualityNotes");
        if (quality != ExperimentQuality.OK && qualityNotes.isEmpty()) {
            throw new IllegalArgumentException("qualityNotes must explain quality " + quality + " but was empty");
        }
        machine = Checks.optionalNonBlank(machine, "machine");
    }
}
