package dev.ctuner.sidecar.act;

import dev.ctuner.common.protocol.message.Command;
import dev.ctuner.common.protocol.message.RunExperiment;
import java.util.Optional;

/**
 * Which commands a sidecar takes in its role: a serving sidecar never runs an experiment (an
 * experiment wipes the node's data), an experiment sidecar takes nothing but experiments (its node
 * is reset by each one, so a rollout's change would not last and says nothing about a cluster). Pure.
 */
public final class RolePolicy {

    /** The reason a serving sidecar gives for refusing an experiment. */
    public static final String SERVING_REFUSES_EXPERIMENTS = "this sidecar serves production (role: serving); experiments run"
            + " only on a node whose sidecar has role: experiment";

    private RolePolicy() {
    }

    /** Why {@code command} is refused in {@code role}, or empty when the role takes it. */
    public static Optional<String> refusal(SidecarRole role, Command command) {
        boolean experiment = command instanceof RunExperiment;
        if (role == SidecarRole.SERVING && experiment) {
            return Optional.of(SERVING_REFUSES_EXPERIMENTS);
        }
        if (role == SidecarRole.EXPERIMENT && !experiment) {
            return Optional.of("this sidecar runs experiments (role: experiment): every RunExperiment resets its node's data"
                    + " and configuration, so it takes no " + command.getClass().getSimpleName()
                    + "; configuration changes go to the sidecars of serving nodes");
        }
        return Optional.empty();
    }

    /** Why a {@code RunExperiment} that was carried out before is refused when it arrives again. */
    public static String replayedExperiment(String experimentId, String earlierStatus) {
        return "experiment " + experimentId + " was carried out before (its command ended " + earlierStatus
                + "); an experiment is never run twice: send a new command to measure again";
    }
}
