package dev.ctuner.common.protocol.message;

import java.time.Instant;
import java.util.Optional;

/**
 * An instruction from the advisor to one sidecar. Commands travel signed, are keyed by node,
 * and are refused by the sidecar once {@link #expiresAt()} has passed, so that a stale backlog
 * on the topic can never change a live cluster.
 */
public sealed interface Command extends Message
        permits ApplyConfiguration, AlterTable, RollbackConfiguration, RunExperiment {

    /** Instant after which the command must not be executed. */
    Instant expiresAt();

    /** The rollout this command belongs to, when the advisor rolls out across nodes. */
    Optional<String> rolloutId();
}
