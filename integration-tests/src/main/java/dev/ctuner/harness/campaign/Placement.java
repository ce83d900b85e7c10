package dev.ctuner.harness.campaign;

import dev.ctuner.harness.ExperimentCassandra;
import java.io.IOException;

/**
 * Where the node and the load client run on this 2-core machine: sharing both cores, each pinned to
 * its own core with {@code taskset} (FACTS.md: the client takes most of one core, so server-side
 * savings show only by half when they share), or warmed up sharing both cores and pinned for the
 * measured window only. A node pinned to one core from its start compiles (JIT) beside its workload on
 * that core and was still speeding up after 240 s here (docs/benchmarks/warmup-probe.md).
 */
public enum Placement {
    SHARED(null, "0-1", null, null),
    PINNED("0", "1", null, null),
    /** Warm-up on both cores, measured window with the node on core 0 and the client on core 1. */
    HYBRID(null, "0-1", "0", "1");

    private final String nodeCpus;
    private final String clientCpus;
    private final String measuredNodeCpus;
    private final String measuredClientCpus;

    Placement(String nodeCpus, String clientCpus, String measuredNodeCpus, String measuredClientCpus) {
        this.nodeCpus = nodeCpus;
        this.clientCpus = clientCpus;
        this.measuredNodeCpus = measuredNodeCpus;
        this.measuredClientCpus = measuredClientCpus;
    }

    /** Pins the node (from its next start) and this JVM (all its threads, now), and sets the measured window's pinning. */
    public void apply(ExperimentCassandra node) throws IOException, InterruptedException {
        node.pinTo(nodeCpus);
        node.pinForMeasuredWindow(measuredNodeCpus, measuredClientCpus);
        // Sized for the cores it is measured on, not those it warms up on.
        node.presentCores(measuredNodeCpus == null ? null : ExperimentCassandra.cpuCount(measuredNodeCpus));
        ExperimentCassandra.pinProcess(ProcessHandle.current().pid(), clientCpus);
    }
}
