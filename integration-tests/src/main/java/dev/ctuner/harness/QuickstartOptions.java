package dev.ctuner.harness;

import java.nio.file.Path;

/**
 * The quickstart's command line.
 *
 * <pre>{@code
 * QuickstartOptions o = QuickstartOptions.parse("--nodes", "1", "--no-demo");
 * }</pre>
 *
 * @param nodes      Cassandra nodes on 127.0.0.1..3 (the demo keyspace's replication factor)
 * @param demo       whether to mis-tune the ring and run the demo workload
 * @param prometheus whether to start a Prometheus server scraping the advisor and the sidecars
 * @param dir        where every process keeps its data and logs
 * @param port       the advisor's HTTP port (REST API and UI)
 * @param kafkaPort  the broker's port
 */
public record QuickstartOptions(int nodes, boolean demo, boolean prometheus, Path dir, int port, int kafkaPort) {

    static final String USAGE = "usage: quickstart.sh [--nodes 1..3] [--no-demo] [--prometheus] [--dir DIR] [--port P] [--kafka-port P]";

    public QuickstartOptions {
        if (nodes < 1 || nodes > 3) {
            throw new IllegalArgumentException("--nodes must be 1, 2 or 3 on one machine, not " + nodes);
        }
        if (port < 1 || port > 65535 || kafkaPort < 1 || kafkaPort > 65535 || port == kafkaPort) {
            throw new IllegalArgumentException("--port and --kafka-port must be two different ports from 1 to 65535");
        }
    }

    public static QuickstartOptions parse(String... args) {
        int nodes = 3;
        boolean demo = true;
        boolean prometheus = false;
        Path dir = Path.of("run/quickstart");
        int port = 8080;
        int kafkaPort = 9092;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> nodes = number(args, ++i, "--nodes");
                case "--no-demo" -> demo = false;
                case "--prometheus" -> prometheus = true;
                case "--dir" -> dir = Path.of(value(args, ++i, "--dir"));
                case "--port" -> port = number(args, ++i, "--port");
                case "--kafka-port" -> kafkaPort = number(args, ++i, "--kafka-port");
                case "-h", "--help" -> throw new IllegalArgumentException(USAGE);
                default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'; " + USAGE);
            }
        }
        return new QuickstartOptions(nodes, demo, prometheus, dir, port, kafkaPort);
    }

    /** The sidecar of node {@code index} (1-based) serves its health and metrics here. */
    int sidecarPort(int index) {
        return port + 10 + index;
    }

    /** Every sidecar's port. */
    java.util.List<Integer> sidecarPorts() {
        return java.util.stream.IntStream.rangeClosed(1, nodes).mapToObj(this::sidecarPort).toList();
    }

    private static int number(String[] args, int i, String flag) {
        String v = value(args, i, flag);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " needs a number, not '" + v + "'");
        }
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value; " + USAGE);
        }
        return args[i];
    }
}
