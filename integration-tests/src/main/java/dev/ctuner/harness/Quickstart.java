package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * The quickstart: the whole product on this machine, every part a real process started and stopped
 * by PID. A Cassandra ring on 127.0.0.1..N, a Kafka broker, the advisor (REST API and UI, the model
 * trained at its start on the committed data), one acting sidecar per node, and, unless
 * {@code --no-demo}, a demo: the ring mis-tuned and a steady workload on it, so the tuning loop has
 * something to find. Optionally a Prometheus server scraping the advisor and the sidecars.
 * Ctrl-C (SIGINT) or SIGTERM stops everything it started, by PID, and says so.
 *
 * <p>Arguments: see {@link QuickstartOptions}.
 */
public final class Quickstart {

    static final String CLUSTER = "demo";
    static final String TOPIC_PREFIX = "ctuner";

    private final QuickstartOptions options;
    private final Path root = Path.of("").toAbsolutePath();
    private final ServerRuntime runtime = ServerRuntime.locate(root);
    private final List<AutoCloseable> started = new CopyOnWriteArrayList<>();
    private final List<String> pids = new CopyOnWriteArrayList<>();

    private Quickstart(QuickstartOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        QuickstartOptions options;
        try {
            options = QuickstartOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        new Quickstart(options).run();
    }

    private void run() throws Exception {
        Instant begin = Instant.now();
        CountDownLatch stopped = new CountDownLatch(1);
        ManagedProcess.deferExitHooksUntil(stopped);   // the demo load stops before the nodes it writes to
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopAll();
            stopped.countDown();
        }, "quickstart-stop"));
        Path dir = options.dir().toAbsolutePath();
        Files.createDirectories(dir);
        say("starting in %s (wiped: every run starts fresh)", dir);

        KafkaBroker broker = new KafkaBroker(runtime, dir.resolve("kafka"), options.kafkaPort(), "256m");
        started.add(broker);
        broker.startFresh(Duration.ofSeconds(60));
        broker.pid().ifPresent(pid -> pids.add("Kafka broker " + pid));
        say("Kafka broker   %s, PID %s", broker.bootstrapServers(), broker.pid().map(String::valueOf).orElse("?"));

        Path advisorDir = dir.resolve("advisor");
        CassandraCluster.deleteRecursively(advisorDir);
        Map<String, String> settings = QuickstartSettings.advisor(broker, root, options.demo());
        QuickstartSettings.write(advisorDir.resolve("quickstart-settings.properties"), settings);
        AdvisorProcess advisor = AdvisorProcess.start(runtime, AdvisorProcess.jar(root), advisorDir, options.port(), settings);
        started.add(advisor);
        pids.add("advisor " + advisor.pid());
        say("Advisor        starting on port %d, PID %d, log %s (trains its model in the background)", options.port(), advisor.pid(),
                advisor.output());

        CassandraCluster ring = CassandraCluster.builder(runtime, dir.resolve("cassandra")).name("quickstart").nodes(options.nodes()).build();
        started.add(ring);
        Duration ringUp = ring.start();
        for (CassandraNode node : ring.nodes()) {
            node.pid().ifPresent(pid -> pids.add("Cassandra " + node.address() + " " + pid));
            say("Cassandra      %s:9042, JMX 127.0.0.1:%d, PID %s, log %s", node.address(), node.jmxPort(),
                    node.pid().map(String::valueOf).orElse("?"), node.systemLog());
        }
        advisor.awaitServing(Duration.ofSeconds(120));
        List<SidecarProcess> sidecars = new ArrayList<>();
        for (CassandraNode node : ring.nodes()) {
            Map<String, String> props = new TreeMap<>(SidecarSettings.acting(node, broker, TOPIC_PREFIX, advisor.publicKeyFile(),
                    dir.resolve("sidecar-" + node.index()).resolve("state")));
            props.putAll(QuickstartSettings.sidecar(CLUSTER));
            SidecarProcess sidecar = SidecarProcess.start(runtime, SidecarProcess.jar(root), dir.resolve("sidecar-" + node.index()),
                    options.sidecarPort(node.index()), props);
            started.add(sidecar);
            pids.add("sidecar " + node.address() + " " + sidecar.pid());
            say("Sidecar        of %s on port %d, PID %d", node.address(), options.sidecarPort(node.index()), sidecar.pid());
            sidecars.add(sidecar);
        }
        for (SidecarProcess sidecar : sidecars) {
            sidecar.awaitServing(Duration.ofSeconds(90));
        }
        say("Sidecars       acting (they carry out the advisor's signed commands); health and metrics under /actuator");
        if (options.prometheus()) {
            startPrometheus(dir, advisor.adminPassword());
        }
        AdvisorRollouts.awaitRing(advisor, CLUSTER, options.nodes(), Duration.ofSeconds(120));
        if (options.demo()) {
            CqlSession session = ring.session();
            started.add(session);
            // the loop waits for the mis-tuning: what it first sees of the demo is a warmed-up ring on its defaults
            loopAction(advisor, "pause", "quickstart demo: warming up on the default configuration");
            DemoWorkload demo = DemoWorkload.start(session, ring,
                    () -> loopAction(advisor, "resume", "quickstart demo: the ring is mis-tuned now"));
            started.add(demo);
            say("Demo           %s", demo.describe());
        }
        String password = advisor.adminPassword();
        say("");
        say("ctuner is up in %.0f s (ring %.0f s).", Duration.between(begin, Instant.now()).toMillis() / 1000.0, ringUp.toMillis() / 1000.0);
        say("  UI         http://127.0.0.1:%d/ui   user admin, password %s (generated for this run)", options.port(), password);
        say("  REST API   http://127.0.0.1:%d/api/v1 (same user; OpenAPI at /v3/api-docs)", options.port());
        say("  settings   %s", advisorDir.resolve("quickstart-settings.properties"));
        if (options.demo()) {
            say("");
            say("What happens next: the demo warms up for %d s with the tuning loop paused, then mis-tunes the ring and resumes",
                    DemoWorkload.WARM_UP.toSeconds());
            say("the loop. From the stored samples the loop forecasts the workload and proposes a change for cluster '%s'", CLUSTER);
            say("(UI: Clusters > %s, or Recommendations).", CLUSTER);
            say("Approve it: the loop rolls it out node by node, canary first, then verifies it against the windows before it.");
        }
        say("Ctrl-C stops everything this command started.");
        System.out.flush();
        stopped.await();
    }

    private void startPrometheus(Path dir, String advisorPassword) throws IOException {
        Path binary = Path.of("/usr/bin/prometheus");
        if (!Files.isExecutable(binary)) {
            say("Prometheus     not started: %s is not installed (Debian: apt-get install prometheus)", binary);
            return;
        }
        // the shipped scrape configuration and alert rules, with this machine's targets
        PrometheusProcess.Scrape scrape = new PrometheusProcess.Scrape("127.0.0.1:" + options.port(), java.util.Optional.of(advisorPassword),
                options.sidecarPorts().stream().map(p -> "127.0.0.1:" + p).toList(), Duration.ofSeconds(15), Duration.ofSeconds(15));
        PrometheusProcess prometheus = PrometheusProcess.start(binary, root, dir.resolve("prometheus"), options.port() + 1010, scrape,
                AlertRules.read(root));
        started.add(prometheus);
        pids.add("Prometheus " + prometheus.pid());
        say("Prometheus     http://127.0.0.1:%d, PID %d (scraping the advisor and the sidecars every 15 s; alert rules of %s at /alerts)",
                prometheus.port(), prometheus.pid(), AlertRules.DIR);
    }

    private static void loopAction(AdvisorProcess advisor, String action, String comment) {
        try {
            advisor.post("/api/v1/clusters/" + CLUSTER + "/loop/" + action, AdvisorRollouts.JSON.writeValueAsString(Map.of("comment", comment)));
        } catch (IOException e) {
            System.err.println("could not " + action + " the tuning loop: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops what was started, newest first, each by its PID; says what it stopped. */
    private void stopAll() {
        say("stopping ...");
        List<AutoCloseable> reverse = new ArrayList<>(started);
        java.util.Collections.reverse(reverse);
        for (AutoCloseable c : reverse) {
            try {
                c.close();
            } catch (Exception e) {
                System.err.println("could not stop " + c + ": " + e.getMessage());
            }
        }
        say("stopped (by PID): %s", String.join(", ", pids));
        System.out.flush();
    }

    private static void say(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }
}
