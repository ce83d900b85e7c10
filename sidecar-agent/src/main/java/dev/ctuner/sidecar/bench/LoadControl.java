package dev.ctuner.sidecar.bench;

/**
 * How hard the driver pushes: closed loop (a fixed number of requests in flight) or open loop (a
 * target rate, whatever the latency).
 *
 * <pre>{@code
 * LoadControl busy = LoadControl.closed(32);     // like 32 YCSB threads, each waiting for its answer
 * LoadControl paced = LoadControl.open(2000);    // 2000 ops/s, at most 1024 in flight
 * }</pre>
 */
public sealed interface LoadControl permits LoadControl.ClosedLoop, LoadControl.OpenLoop {

    /** Bound on requests in flight for open loop, unless given: protects the client, not a target. */
    int DEFAULT_OPEN_LOOP_MAX_IN_FLIGHT = 1024;

    /** The most requests in flight at once. */
    int maxInFlight();

    static ClosedLoop closed(int inFlight) {
        return new ClosedLoop(inFlight);
    }

    static OpenLoop open(double opsPerSecond) {
        return new OpenLoop(opsPerSecond, DEFAULT_OPEN_LOOP_MAX_IN_FLIGHT);
    }

    static OpenLoop open(double opsPerSecond, int maxInFlight) {
        return new OpenLoop(opsPerSecond, maxInFlight);
    }

    /**
     * Closed loop: a new operation starts as soon as one of {@code inFlight} finishes. This is what N
     * YCSB client threads do, each waiting for its response before the next request; we get the same
     * with one issuing thread, the driver's async API and a semaphore of N permits. Throughput follows
     * the cluster's speed; latency is measured from the moment the request is sent.
     */
    record ClosedLoop(int inFlight) implements LoadControl {
        public ClosedLoop {
            if (inFlight < 1) {
                throw new IllegalArgumentException("closed loop needs at least 1 request in flight, got " + inFlight);
            }
        }

        @Override
        public int maxInFlight() {
            return inFlight;
        }
    }

    /**
     * Open loop: operation i of a phase is due at {@code phaseStart + i / opsPerSecond}, independently of
     * how earlier operations fared. Latency is measured from that intended start, so time spent waiting
     * behind a slow cluster (for the issuing thread or for one of {@code maxInFlight} permits) counts as
     * latency, as it would for real clients arriving at that rate. Measuring from the actual send would
     * hide exactly the stalls a tuner must see ("coordinated omission").
     */
    record OpenLoop(double opsPerSecond, int maxInFlight) implements LoadControl {
        public OpenLoop {
            if (!(opsPerSecond > 0) || Double.isInfinite(opsPerSecond)) {
                throw new IllegalArgumentException("open-loop rate must be a finite number of ops/s > 0, got "
                        + opsPerSecond);
            }
            if (maxInFlight < 1) {
                throw new IllegalArgumentException("open loop needs at least 1 request in flight, got " + maxInFlight);
            }
        }
    }
}
