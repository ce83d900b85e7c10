package dev.ctuner.advisor.core.observation;

import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The part of one node's workload sample that the cluster series is built from: the window, the
 * operations counted, the throughput, the client-facing p99 latencies and the configuration
 * fingerprint. Stored observations are read back as these (without decoding the whole sample).
 *
 * <pre>{@code
 * NodeWindow w = NodeWindow.of(new NodeId("n1"), sample);
 * w.rate();   // reported ops/s, else operations / window length
 * }</pre>
 *
 * @param opsPerSecond throughput the node reported; null when it could not
 * @param p99ReadMicros p99 of reads coordinated by the node, in microseconds; null when unknown
 * @param p99WriteMicros p99 of writes coordinated by the node, in microseconds; null when unknown
 * @param fingerprint digest of the configuration in effect ("unknown" when it could not be read)
 */
public record NodeWindow(NodeId node, Instant start, Instant end, OperationCounts operations, Double opsPerSecond,
                         Double p99ReadMicros, Double p99WriteMicros, String fingerprint) {

    public NodeWindow {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        if (!end.isAfter(start)) {
            throw new IllegalArgumentException("end must be after start (" + start + ") but was " + end);
        }
        Objects.requireNonNull(operations, "operations");
        Objects.requireNonNull(fingerprint, "fingerprint");
    }

    /** The window of one sample as the series sees it. */
    public static NodeWindow of(NodeId node, WorkloadSample s) {
        return new NodeWindow(node, s.windowStart(), s.windowEnd(), s.operations(), s.performance().throughputOpsPerSecond(),
                s.performance().coordinatorRead().p99(), s.performance().coordinatorWrite().p99(),
                s.configuration().fingerprint());
    }

    /** Length of the window in seconds (fractions kept). */
    public double seconds() {
        return Duration.between(start, end).toMillis() / 1000.0;
    }

    /** Operations per second: the reported throughput, else the operations counted over the window length. */
    public double rate() {
        return opsPerSecond != null ? opsPerSecond : operations.total() / seconds();
    }

    /** The middle of the window, which decides the step it belongs to. */
    Instant midpoint() {
        return start.plusMillis(Duration.between(start, end).toMillis() / 2);
    }
}
