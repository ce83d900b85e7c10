package dev.ctuner.common.protocol.message;

/** Software releases an experiment ran with. */
public record Versions(String cassandra, String sidecar) {

    public Versions {
        Checks.nonBlank(cassandra, "cassandra");
        Checks.nonBlank(sidecar, "sidecar");
    }
}
