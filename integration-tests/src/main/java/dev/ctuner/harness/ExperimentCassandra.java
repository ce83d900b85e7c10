package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.sidecar.act.YamlStore;
import dev.ctuner.sidecar.bench.ExperimentNode;
import dev.ctuner.sidecar.experiment.SidecarExperimentNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import javax.management.ObjectName;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single Cassandra node for experiments, on 127.0.0.9 with JMX on 7999, so that it never collides
 * with the integration-test ring on 127.0.0.1-3. Its pristine data directory (system tables only) is
 * saved once, after a first start; every experiment stops the node, puts that copy back, writes the
 * configuration and starts it again: a cold evaluation in about 10 s.
 *
 * <pre>{@code
 * try (ExperimentCassandra node = ExperimentCassandra.prepare(runtime, dir, "1G", null)) {
 *     new ExperimentRunner(node, ExperimentRunner.Setup.defaults(), "dev").run("e1", Map.of(), workload);
 * }
 * }</pre>
 */
public final class ExperimentCassandra implements ExperimentNode, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ExperimentCassandra.class);
    /** 127.0.0.9: away from the test ring on .1-.3. */
    public static final int NODE_INDEX = 9;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final CassandraNode node;
    private final long heapMiB;
    private String cpus;
    private String measuredNodeCpus;
    private String measuredClientCpus;
    private final String baseYaml;

    private ExperimentCassandra(CassandraNode node, long heapMiB, String cpus, String baseYaml) {
        this.node = node;
        this.heapMiB = heapMiB;
        this.cpus = cpus;
        this.baseYaml = baseYaml;
    }

    /**
     * Creates the node in {@code dir} (wiping what was there), starts it once, stops it and keeps its
     * data directory as the pristine copy.
     *
     * @param heap JVM heap, e.g. {@code 1G}
     * @param cpus CPU list the node is pinned to with {@code taskset -c} (e.g. {@code 0}), or null
     */
    public static ExperimentCassandra prepare(ServerRuntime runtime, Path dir, String heap, String cpus) throws Exception {
        return prepare(runtime, dir, heap, cpus, NODE_INDEX);
    }

    /** As {@link #prepare(ServerRuntime, Path, String, String)}, on 127.0.0.{@code index} (JMX port 7099 + 100 index). */
    public static ExperimentCassandra prepare(ServerRuntime runtime, Path dir, String heap, String cpus, int index)
            throws Exception {
        CassandraCluster.deleteRecursively(dir);
        CassandraNode node = new CassandraNode(index, dir, runtime, heap);
        if (cpus != null) {
            node.launchWith(List.of("taskset", "-c", cpus));
        }
        node.configure("experiments", node.address(), Map.of());
        node.start();
        node.awaitReady(START_TIMEOUT);
        node.drainAndStop();
        SidecarExperimentNode.copyTree(dir.resolve("data"), dir.resolve("pristine"));
        String baseYaml = Files.readString(node.yamlFile(), StandardCharsets.UTF_8);
        log.info("experiment node prepared in {} (heap {}, cpus {})", dir, heap, cpus == null ? "all" : cpus);
        return new ExperimentCassandra(node, parseMiB(heap), cpus, baseYaml);
    }

    /** Pins the node to {@code cpus} ({@code taskset -c} list) from its next start, or unpins it (null). */
    public void pinTo(String cpus) {
        this.cpus = cpus;
        node.launchWith(cpus == null ? List.of() : List.of("taskset", "-c", cpus));
    }

    /**
     * Makes the node's JVM (and so Cassandra's thread pools, GC and JIT sizing) believe it has
     * {@code cores} processors, whatever cores it may run on; null for what it finds. A node warmed
     * up on two cores and then pinned to one must be sized for one: sized for two, it served 6,608
     * ops/s pinned against 13,180 for a node started on one core (docs/benchmarks/warmup-probe.md).
     */
    public void presentCores(Integer cores) {
        node.extraJvmOptions(cores == null ? List.of() : List.of("-XX:ActiveProcessorCount=" + cores));
    }

    /**
     * Moves the node (all its threads) to {@code nodeCpus} and this JVM to {@code clientCpus} right
     * before each measured window; null leaves a side where it is.
     */
    public void pinForMeasuredWindow(String nodeCpus, String clientCpus) {
        this.measuredNodeCpus = nodeCpus;
        this.measuredClientCpus = clientCpus;
    }

    @Override
    public void beforeMeasuredWindow() throws IOException, InterruptedException {
        if (measuredNodeCpus != null) {
            pinProcess(pid(), measuredNodeCpus);
        }
        if (measuredClientCpus != null) {
            pinProcess(ProcessHandle.current().pid(), measuredClientCpus);
        }
    }

    /** {@code taskset -a -p -c cpus pid}: every thread of the process, and those it starts later. */
    public static void pinProcess(long pid, String cpus) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException("taskset -a -p -c " + cpus + " " + pid + " failed: " + out);
        }
    }

    @Override
    public void resetAndStart(Map<String, String> yaml) throws StartFailure, Exception {
        node.kill(); // the data is thrown away: no need to drain
        CassandraCluster.deleteRecursively(node.home().resolve("data"));
        SidecarExperimentNode.copyTree(node.home().resolve("pristine"), node.home().resolve("data"));
        Files.writeString(node.yamlFile(), baseYaml, StandardCharsets.UTF_8);
        new YamlStore(node.yamlFile()).update(yaml, List.of());
        Files.deleteIfExists(node.systemLog());
        node.start();
        try {
            node.awaitReady(START_TIMEOUT);
        } catch (NodeStartupException e) {
            node.kill();
            throw new StartFailure(e.getMessage());
        }
    }

    @Override
    public CqlSession openSession() {
        return CqlSession.builder().withLocalDatacenter("datacenter1").withConfigLoader(CassandraCluster.driverConfig())
                .addContactPoint(node.cqlAddress()).build();
    }

    @Override
    public void flush(String keyspace) throws Exception {
        try (Jmx jmx = node.jmx()) {
            jmx.flush(keyspace);
        }
    }

    @Override
    public boolean awaitCompactions(Duration timeout) throws Exception {
        return Jmx.awaitNoPendingCompactions(node, timeout);
    }

    @Override
    public OptionalLong compilationMillis() {
        try (Jmx jmx = node.jmx()) {
            return jmx.attribute(new ObjectName("java.lang:type=Compilation"), "TotalCompilationTime") instanceof Number n
                    ? OptionalLong.of(n.longValue()) : OptionalLong.empty();
        } catch (Exception e) {
            log.warn("cannot read the node's JIT compilation time: {}", e.toString());
            return OptionalLong.empty();
        }
    }

    @Override
    public long pid() {
        return node.pid().orElseThrow(() -> new IllegalStateException("the experiment node is not running"));
    }

    @Override
    public boolean isRunning() {
        return node.isRunning();
    }

    @Override
    public HardwareFacts hardware() {
        String measuredOn = measuredNodeCpus != null ? measuredNodeCpus : cpus;
        return new HardwareFacts(measuredOn == null ? onlineCores() : cpuCount(measuredOn), memoryMiB(), heapMiB);
    }

    /**
     * The facts {@link #hardware()} reports for a node prepared with {@code heap} and not pinned,
     * known before any node starts (a campaign checks its options against them first).
     */
    public static HardwareFacts unstartedHardware(String heap) {
        return new HardwareFacts(onlineCores(), memoryMiB(), parseMiB(heap));
    }

    /** Stops the node by PID. */
    @Override
    public void close() {
        node.stop();
    }

    /** Cores in a {@code taskset -c} list such as {@code 0}, {@code 0-1} or {@code 0,2-3}. */
    public static int cpuCount(String list) {
        int n = 0;
        for (String part : list.split(",")) {
            String[] range = part.trim().split("-");
            n += range.length == 1 ? 1 : Integer.parseInt(range[1].trim()) - Integer.parseInt(range[0].trim()) + 1;
        }
        return n;
    }

    private static int onlineCores() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return (int) lines.filter(l -> l.startsWith("processor")).count();
        } catch (IOException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    private static long memoryMiB() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
            return lines.filter(l -> l.startsWith("MemTotal:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024).orElse(1L);
        } catch (IOException e) {
            return 1;
        }
    }

    static long parseMiB(String heap) {
        String h = heap.trim().toUpperCase(java.util.Locale.ROOT);
        long n = Long.parseLong(h.replaceAll("[^0-9]", ""));
        return h.endsWith("G") ? n * 1024 : h.endsWith("M") ? n : n / (1024 * 1024);
    }
}
