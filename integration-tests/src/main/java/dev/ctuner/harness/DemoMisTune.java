package dev.ctuner.harness;

/**
 * Mis-tunes the quickstart's ring again, as the demo does after its warm-up: every node's read
 * stage set to a number of threads through JMX, live (what {@code concurrent_reads} sets).
 *
 * <p>Arguments: {@code [--nodes N] [--read-threads T]}; defaults 3 nodes (JMX 7199, 7299, 7399) and 2 threads.
 */
public final class DemoMisTune {

    private DemoMisTune() {
    }

    public static void main(String[] args) throws Exception {
        int nodes = 3;
        int threads = DemoWorkload.TRAP_READ_THREADS;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--nodes" -> nodes = Integer.parseInt(args[i + 1]);
                case "--read-threads" -> threads = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; use --nodes N, --read-threads T");
            }
        }
        if (args.length % 2 != 0 || nodes < 1 || nodes > 3 || threads < 1) {
            throw new IllegalArgumentException("usage: scripts/demo-mistune.sh [--nodes 1..3] [--read-threads T ≥ 1]");
        }
        for (int k = 1; k <= nodes; k++) {
            int port = 7199 + 100 * (k - 1);
            try (Jmx jmx = Jmx.connect("127.0.0.1", port)) {
                jmx.setReadThreads(threads);
            }
            System.out.printf("127.0.0.%d (JMX %d): read stage set to %d threads%n", k, port, threads);
        }
    }
}
