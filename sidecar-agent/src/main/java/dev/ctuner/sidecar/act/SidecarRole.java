package dev.ctuner.sidecar.act;

/**
 * What a sidecar's node is for ({@code ctuner.sidecar.role}). A serving node holds production data
 * and takes only rollouts; an experiment node is wiped and reconfigured by every experiment and
 * takes only {@code RunExperiment}.
 */
public enum SidecarRole {
    /** A node of a production cluster: configuration changes and table options, never experiments (the default). */
    SERVING,
    /** A dedicated node whose data is thrown away by every experiment: experiments only. */
    EXPERIMENT;

    /** As the setting spells it. */
    public String spelling() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
