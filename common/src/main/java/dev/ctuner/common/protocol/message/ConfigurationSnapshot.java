package dev.ctuner.common.protocol.message;

import java.util.Map;

/**
 * The node's effective configuration when the sample was taken.
 *
 * @param values knob name to value in cassandra.yaml spelling (e.g. "64MiB/s"); sorted by name
 * @param fingerprint stable digest of {@code values}, so the advisor can spot a change cheaply
 */
public record ConfigurationSnapshot(Map<String, String> values, String fingerprint) {

    public ConfigurationSnapshot {
        values = Checks.sortedStrings(values, "values");
        Checks.nonBlank(fingerprint, "fingerprint");
    }
}
