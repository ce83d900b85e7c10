package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.ctuner.common.protocol.message.HardwareFacts;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A Cassandra node reserved for experiments: the {@link ExperimentRunner} wipes and restarts it at
 * will, so it must never hold data anyone needs. The local campaigns use a harness node
 * ({@code ExperimentCassandra}); a sidecar in the experiment role uses its own node through its
 * process control ({@code SidecarExperimentNode}).
 */
public interface ExperimentNode {

    /**
     * Stops the node if it runs, puts its data back to the pristine state (system tables only, no user
     * data, no commit log, no caches), writes {@code yaml} (node-scope knobs in cassandra.yaml
     * spelling) over the base configuration, starts it and returns once it serves CQL.
     *
     * @throws StartFailure when the node does not come up; the message holds the node's own reason
     */
    void resetAndStart(Map<String, String> yaml) throws StartFailure, Exception;

    /** A new session to the node (the caller closes it). */
    CqlSession openSession();

    /** Flushes the memtables of {@code keyspace} to SSTables. */
    void flush(String keyspace) throws Exception;

    /** Waits until no compaction is pending; returns false if some still were after {@code timeout}. */
    boolean awaitCompactions(Duration timeout) throws Exception;

    /**
     * Called between the warm-up and the measured window: a node may move onto the cores it is measured
     * on here (it warms up faster with more of them, since the JIT compiles beside the workload).
     */
    default void beforeMeasuredWindow() throws Exception {
    }

    /**
     * Milliseconds the node's JIT compilers have spent so far (the JVM's {@code CompilationMXBean}),
     * or empty if the node cannot tell. The warm-up watches it: a node still compiling is still on
     * its ramp, however flat its throughput looks.
     */
    default OptionalLong compilationMillis() {
        return OptionalLong.empty();
    }

    /** The node's process id (for CPU accounting). */
    long pid();

    boolean isRunning();

    /** Cores, memory and heap of the node. */
    HardwareFacts hardware();

    /** The node did not start with the configuration given. */
    final class StartFailure extends Exception {
        private static final long serialVersionUID = 1L;

        public StartFailure(String message) {
            super(message);
        }
    }
}
