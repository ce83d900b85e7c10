package dev.ctuner.it;

import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.ServerRuntime;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The real servers the integration tests share: one 3-node ring (starting nodes costs ~15 s each,
 * so test classes reuse it) and one Kafka broker, started on first use and stopped by PID at the
 * end of the test run ({@link StopServersAtEnd}) or, failing that, when the JVM exits.
 */
final class Servers {

    static final Path WORK = Path.of(System.getProperty("harness.workdir", "target/harness"));
    static final ServerRuntime RUNTIME = ServerRuntime.locate(Path.of("..").toAbsolutePath().normalize());

    private static CassandraCluster ring;
    private static KafkaBroker broker;

    private Servers() {
    }

    /** The shared ring of 3 nodes (127.0.0.1-3), started with the harness's default yaml. */
    static synchronized CassandraCluster ring() throws Exception {
        if (ring == null) {
            CassandraCluster cluster = CassandraCluster.builder(RUNTIME, WORK.resolve("ring")).name("it-ring").nodes(3).build();
            try {
                cluster.start();
            } catch (Exception e) {
                cluster.close();
                throw e;
            }
            ring = cluster;
        }
        return ring;
    }

    static synchronized KafkaBroker broker() throws Exception {
        if (broker == null) {
            KafkaBroker b = new KafkaBroker(RUNTIME, WORK.resolve("kafka"), 19092, "256m");
            try {
                b.startFresh(Duration.ofSeconds(60));
            } catch (Exception e) {
                b.close();
                throw e;
            }
            broker = b;
        }
        return broker;
    }

    static synchronized void stopAll() {
        if (ring != null) {
            ring.close();
            ring = null;
        }
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }
}
