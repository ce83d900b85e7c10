package dev.ctuner.sidecar.act;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How the sidecar stops and starts its Cassandra node. One implementation per deployment style:
 * {@code supervised} (the sidecar owns the process), {@code systemd}, {@code command} (operator
 * scripts) and {@code kubernetes} (shared process namespace; the kubelet restarts the container).
 */
public interface ProcessControl {

    /** Stops the node (after it was drained) and waits until it has exited, at most {@code timeout}. */
    void stop(Duration timeout) throws Exception;

    /** Starts the node; returns once the start was initiated (health is checked separately). */
    void start() throws Exception;

    /** Whether a Cassandra process is running, as far as this control can tell. */
    boolean isRunning() throws Exception;

    /** The node's log file, to quote its own startup error when it fails. */
    Optional<Path> logFile();

    /** Short description for logs and results, e.g. {@code supervised (PID 1234)}. */
    String describe();
}
