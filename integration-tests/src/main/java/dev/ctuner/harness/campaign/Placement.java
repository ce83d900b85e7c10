package dev.ctuner.harness.campaign;

import dev.ctuner.harness.ExperimentCassandra;
import java.io.IOException;

/**
 * Where the node and the load client run on this 2-core machine: sharing both cores, or each pinned
 * to its own core with {@code taskset} (FACTS.md: the client takes most of one core, so server-side
 * savings show only by half when they share).
 */
public enum Placement {
    SHARED(null, "0-1"),
    PINNED("0", "1");

    private final String nodeCpus;
    private final String clientCpus;

    Placement(String nodeCpus, String clientCpus) {
        this.nodeCpus = nodeCpus;
        this.clientCpus = clientCpus;
    }

    /** Pins the node (from its next start) and this JVM (all its threads, now). */
    public void apply(ExperimentCassandra node) throws IOException, InterruptedException {
        node.pinTo(nodeCpus);
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", clientCpus,
                Long.toString(ProcessHandle.current().pid())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException("taskset failed: " + out);
        }
    }
}
