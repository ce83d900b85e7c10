package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.ctuner.sidecar.bench.KeyDistribution;
import dev.ctuner.sidecar.bench.LoadControl;
import dev.ctuner.sidecar.bench.Loader;
import dev.ctuner.sidecar.bench.OperationMix;
import dev.ctuner.sidecar.bench.Phase;
import dev.ctuner.sidecar.bench.Replication;
import dev.ctuner.sidecar.bench.RunResult;
import dev.ctuner.sidecar.bench.Schedule;
import dev.ctuner.sidecar.bench.Schema;
import dev.ctuner.sidecar.bench.WorkloadDriver;
import dev.ctuner.sidecar.bench.WorkloadSpec;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The quickstart's demo: a keyspace of {@value #RECORDS} rows replicated to every node and a steady
 * read-heavy QUORUM workload from the project's driver, at most {@value #IN_FLIGHT} requests in
 * flight, so that throughput falls when requests wait and recovers when they do not. After a
 * warm-up on the default configuration the ring is mis-tuned as an operator's slip would do it:
 * the read stage of every node shrunk to {@value #TRAP_READ_THREADS} threads through JMX, live.
 */
final class DemoWorkload implements AutoCloseable {

    static final String KEYSPACE = "demo";
    static final long RECORDS = 20_000;
    static final int TRAP_READ_THREADS = 2;
    static final int IN_FLIGHT = 8;
    static final double RATE = 2_000;
    static final Duration WARM_UP = Duration.ofSeconds(180);   // the ring's throughput climbs for about 3 minutes of load (JIT, caches)

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong operations = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final Thread thread;

    private final int replicas;

    private DemoWorkload(CqlSession session, CassandraCluster ring, Runnable misTuned) {
        this.replicas = ring.nodes().size();
        long misTuneAt = System.nanoTime() + WARM_UP.toNanos();
        thread = new Thread(() -> {
            boolean done = false;
            while (running.get()) {
                if (!done && System.nanoTime() >= misTuneAt) {
                    done = misTune(ring);
                    if (done) {
                        misTuned.run();
                    }
                }
                try {
                    RunResult r = round(session);
                    operations.addAndGet(r.operations());
                    errors.addAndGet(r.errors());
                } catch (RuntimeException e) {
                    errors.incrementAndGet();
                    System.err.println("demo workload: " + e.getMessage());
                    sleep();
                }
            }
        }, "demo-workload");
        thread.setDaemon(true);
    }

    /** Creates and loads the keyspace and starts the workload; after the warm-up mis-tunes every node, then runs {@code misTuned}. */
    static DemoWorkload start(CqlSession session, CassandraCluster ring, Runnable misTuned) throws Exception {
        Schema schema = new Schema(KEYSPACE);
        schema.create(session, Replication.simple(ring.nodes().size()));
        new Loader(session, schema).load(RECORDS, 32, 1, DefaultConsistencyLevel.QUORUM);
        DemoWorkload demo = new DemoWorkload(session, ring, misTuned);
        demo.thread.start();
        return demo;
    }

    private static boolean misTune(CassandraCluster ring) {
        try {
            Jmx.setReadThreads(ring, TRAP_READ_THREADS);
            System.out.printf(Locale.ROOT, "Demo           the ring is mis-tuned now: every node's read stage shrunk to %d threads%n",
                    TRAP_READ_THREADS);
            return true;
        } catch (Exception e) {
            System.err.println("demo: could not mis-tune the ring (tried again in 10 s): " + e.getMessage());
            return false;
        }
    }

    String describe() {
        return String.format(Locale.ROOT, "keyspace %s (%,d rows, RF %d), workload read 0.9 / update 0.1 at QUORUM, up to %.0f ops/s "
                + "with at most %d in flight; %d s on the default configuration, then every node's read stage shrunk to %d threads "
                + "(concurrent_reads, live): a mis-tuning", KEYSPACE, RECORDS, replicas, RATE, IN_FLIGHT, WARM_UP.toSeconds(),
                TRAP_READ_THREADS);
    }

    private static RunResult round(CqlSession session) {
        return new WorkloadDriver().run(session, WorkloadSpec.builder().keyspace(KEYSPACE).recordCount(RECORDS).seed(System.nanoTime())
                        .consistency(DefaultConsistencyLevel.QUORUM).build(),
                Schedule.of(Phase.builder("demo").duration(Duration.ofSeconds(10)).mix(OperationMix.builder().read(0.9).update(0.1).build())
                        .keys(KeyDistribution.zipfian()).load(new LoadControl.OpenLoop(RATE, IN_FLIGHT)).build()));
    }

    private static void sleep() {
        try {
            Thread.sleep(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        thread.join(30_000);
        System.out.printf(Locale.ROOT, "demo workload stopped: %,d operations, %,d failed%n", operations.get(), errors.get());
    }

    @Override
    public String toString() {
        return "demo workload";
    }
}
