package dev.ctuner.sidecar.experiment;

import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.Versions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The results of experiments that did not end on their own: stopped at the time limit, or cut off
 * by the sidecar stopping. Both are FAULTED with no measurements and say why. Pure.
 */
public final class ExperimentFaults {

    /** The Cassandra version of a run that did not get as far as asking the node (as the runner reports it). */
    static final String UNKNOWN_VERSION = "unknown";

    private ExperimentFaults() {
    }

    /** Why a run stopped at {@code limit}, and whether the node is back on its baseline configuration. */
    public static String timedOut(Duration limit, Optional<String> restoreProblem) {
        return "timed out: the experiment was still running after " + limit + " (ctuner.sidecar.experiment.timeout) and was "
                + "stopped; " + restoreProblem.map(p -> "restoring the node's baseline configuration failed: " + p)
                .orElse("the node was restored to its baseline configuration");
    }

    /** Why an experiment found running at the sidecar's start is not run again. */
    public static String interrupted(Optional<String> restoreProblem) {
        return "interrupted: the sidecar stopped while this experiment ran (a crash or a restart); it is not run again; "
                + restoreProblem.map(p -> "restoring the node's baseline configuration failed: " + p)
                .orElse("the node was restored to its baseline configuration");
    }

    /** A FAULTED result without measurements for {@code experiment}, with {@code reason} as its note. */
    public static ExperimentResult faulted(RunExperiment experiment, String reason, String sidecarVersion, HardwareFacts hardware,
            Instant at, Optional<String> machine) {
        return new ExperimentResult(experiment.experimentId(), experiment.configuration(), experiment.workload(),
                new PhysicalDesign(1, 1), new Versions(UNKNOWN_VERSION, sidecarVersion), hardware, at, at, 0, 0,
                Map.of(), ExperimentQuality.FAULTED, List.of(reason), machine);
    }
}
