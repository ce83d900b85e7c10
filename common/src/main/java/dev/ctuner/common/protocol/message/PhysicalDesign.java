package dev.ctuner.common.protocol.message;

/** Shape of the test cluster an experiment ran on. */
public record PhysicalDesign(int nodes, int replicationFactor) {

    public PhysicalDesign {
        Checks.positive(nodes, "nodes");
        Checks.positive(replicationFactor, "replicationFactor");
    }
}
