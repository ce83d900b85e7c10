package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Run a benchmark against a test node with a given configuration; the outcome comes back as an
 * {@link ExperimentResult} with the same {@code experimentId}.
 *
 * @param configuration knob name to value in cassandra.yaml spelling; empty means the baseline
 */
public record RunExperiment(
        String experimentId,
        Map<String, String> configuration,
        WorkloadSpec workload,
        Instant expiresAt,
        Optional<String> rolloutId) implements Command {

    public RunExperiment {
        Checks.nonBlank(experimentId, "experimentId");
        configuration = Checks.sortedStrings(configuration, "configuration");
        Checks.required(workload, "workload");
        Checks.required(expiresAt, "expiresAt");
        rolloutId = Checks.optionalNonBlank(rolloutId, "rolloutId");
    }
}
