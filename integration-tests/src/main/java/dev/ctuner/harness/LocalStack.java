package dev.ctuner.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * The local quickstart: a real Cassandra cluster (1 to 3 nodes on 127.0.0.1..3) and a real Kafka
 * KRaft broker, running until interrupted (Ctrl-C), then stopped by PID.
 *
 * One sidecar agent per node (observing; its HTTP port 8081, 8082, ...) publishes workload samples
 * and heartbeats to the broker under the topic prefix {@code ctuner}.
 *
 * <p>Arguments: {@code [--nodes N] [--kafka-port P] [--dir D] [--no-sidecars]}; defaults 1 node,
 * port 9092, {@code run/local}, sidecars on.
 */
public final class LocalStack {

    private LocalStack() {
    }

    public static void main(String[] args) throws Exception {
        int nodes = 1;
        int kafkaPort = 9092;
        Path dir = Path.of("run/local");
        boolean sidecars = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> nodes = Integer.parseInt(value(args, ++i, "--nodes"));
                case "--kafka-port" -> kafkaPort = Integer.parseInt(value(args, ++i, "--kafka-port"));
                case "--dir" -> dir = Path.of(value(args, ++i, "--dir"));
                case "--no-sidecars" -> sidecars = false;
                default -> throw new IllegalArgumentException("unknown argument '" + args[i]
                        + "'; usage: quickstart.sh [--nodes 1..3] [--kafka-port P] [--dir D] [--no-sidecars]");
            }
        }
        if (nodes < 1 || nodes > 3) {
            throw new IllegalArgumentException("--nodes must be 1, 2 or 3 on one machine, not " + nodes);
        }
        ServerRuntime runtime = ServerRuntime.locate(Path.of("").toAbsolutePath());
        CassandraCluster cluster = CassandraCluster.builder(runtime, dir.resolve("cassandra")).name("local").nodes(nodes).build();
        KafkaBroker broker = new KafkaBroker(runtime, dir.resolve("kafka"), kafkaPort, "256m");
        CountDownLatch stopped = new CountDownLatch(1);
        java.util.List<SidecarProcess> agents = new java.util.concurrent.CopyOnWriteArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("stopping sidecars, Kafka and Cassandra ...");
            agents.forEach(SidecarProcess::close);
            broker.close();
            cluster.close();
            stopped.countDown();
        }, "quickstart-stop"));
        Duration kafka = broker.startFresh(Duration.ofSeconds(60));
        Duration ring = cluster.start();
        System.out.printf("%nKafka broker   %s (up in %.1f s)%n", broker.bootstrapServers(), kafka.toMillis() / 1000.0);
        for (CassandraNode node : cluster.nodes()) {
            System.out.printf("Cassandra      %s:9042, JMX 127.0.0.1:%d, PID %s, logs %s%n", node.address(), node.jmxPort(),
                    node.pid().map(String::valueOf).orElse("?"), node.systemLog());
        }
        if (sidecars) {
            Path jar = SidecarProcess.jar(Path.of("").toAbsolutePath());
            for (CassandraNode node : cluster.nodes()) {
                int port = 8080 + node.index();
                java.util.Map<String, String> settings = SidecarSettings.observing(node, broker, "ctuner");
                settings.put("ctuner.sidecar.cluster-id", "local");
                SidecarProcess agent = SidecarProcess.start(runtime, jar, dir.resolve("sidecar" + node.index()), port, settings);
                agents.add(agent);
                agent.awaitServing(Duration.ofSeconds(90));
                System.out.printf("Sidecar        http://127.0.0.1:%d/actuator/health and /actuator/prometheus, PID %d%n", port, agent.pid());
            }
            System.out.println("Workload samples every 30 s on topic ctuner.workload, heartbeats on ctuner.status.");
        }
        System.out.printf("%d node(s) UN in %.1f s. The advisor is not part of the quickstart yet. Ctrl-C stops everything.%n",
                nodes, ring.toMillis() / 1000.0);
        stopped.await();
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return args[i];
    }
}
