package dev.ctuner.harness.campaign;

import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.util.Map;

/**
 * One measurement a campaign asks for: a design point (configuration x workload) and which repetition
 * of it this is.
 *
 * @param designPoint   stable id of the configuration x workload point
 * @param repetition    0-based
 * @param configuration knob name to value (cassandra.yaml spelling); empty = defaults
 * @param workload      operations, rows, threads, mix
 * @param placement     where node and client run
 */
public record Point(String designPoint, int repetition, Map<String, String> configuration, WorkloadSpec workload,
        Placement placement) {

    public Point {
        configuration = Map.copyOf(configuration);
    }
}
