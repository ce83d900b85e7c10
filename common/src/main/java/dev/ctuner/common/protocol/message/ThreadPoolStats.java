package dev.ctuner.common.protocol.message;

/**
 * One Cassandra thread pool (e.g. ReadStage) at the end of the window; counts null when unknown.
 */
public record ThreadPoolStats(String name, Long active, Long pending, Long blocked) {

    public ThreadPoolStats {
        Checks.nonBlank(name, "name");
        Checks.nullableNonNegative(active, "active");
        Checks.nullableNonNegative(pending, "pending");
        Checks.nullableNonNegative(blocked, "blocked");
    }
}
