package dev.ctuner.advisor.core.campaign;

import java.util.Objects;

/**
 * One experiment a campaign sent, in the order sent: which planned run (or the anchor) it measured
 * and how it ended so far.
 *
 * @param key     the planned run's {@link PlannedRun#key()}, or {@link #ANCHOR_KEY} for an anchor
 * @param outcome where it stands
 */
public record RunAttempt(String key, Outcome outcome) {

    /** The key of every anchor run. */
    public static final String ANCHOR_KEY = "anchor/r0";

    /** How an experiment ended, or that it has not yet. */
    public enum Outcome {
        /** Sent; no result yet. */
        RUNNING,
        /** Measured and trusted. */
        OK,
        /** Measured while something else disturbed the machine: tried again. */
        NOISY,
        /** The run broke (the node would not start, the load failed, it timed out): tried again, but not forever. */
        FAULTED,
        /** The node refused the command (a configuration outside its allowlist, say): never tried again. */
        REFUSED;

        /** Whether the experiment has ended. */
        public boolean ended() {
            return this != RUNNING;
        }
    }

    public RunAttempt {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(outcome, "outcome");
    }

    public boolean anchor() {
        return key.equals(ANCHOR_KEY);
    }
}
