package dev.ctuner.sidecar.experiment;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.sidecar.act.HealthGate;
import dev.ctuner.sidecar.act.NodeStartupLog;
import dev.ctuner.sidecar.act.ProcessControl;
import dev.ctuner.sidecar.act.YamlStore;
import dev.ctuner.sidecar.bench.ExperimentNode;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import dev.ctuner.sidecar.cassandra.StorageServicePort;
import dev.ctuner.sidecar.config.SidecarProperties;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import javax.management.openmbean.CompositeData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sidecar's own node as an {@link ExperimentNode}, for the campaign's {@code ExperimentRunner}:
 * each reset stops the node through the acting role's {@link ProcessControl}, puts back the pristine
 * copy of its data directory, writes the baseline cassandra.yaml with the experiment's settings over
 * it ({@link YamlStore}, as a RESTART change is written) and starts it, returning once it serves
 * ({@link HealthGate#checkUp()}). The pristine copy and the baseline yaml are taken the first time,
 * from the node as it is then: it must hold no data anyone needs.
 */
public final class SidecarExperimentNode implements ExperimentNode, ExperimentConductor.Node {

    private static final Logger log = LoggerFactory.getLogger(SidecarExperimentNode.class);

    private final ProcessControl process;
    private final YamlStore yaml;
    private final HealthGate health;
    private final JmxNode jmx;
    private final CqlNode cql;
    private final SidecarProperties.Cassandra cassandra;
    private final Path dataDir;
    private final Path pristine;
    private final Path baselineYaml;
    private final Duration stopTimeout;
    private final Duration startTimeout;
    private volatile boolean aborted;
    private volatile long pid = -1;
    private volatile long heapMiB = -1;

    /**
     * @param dataDir  the directory holding all the node's state (data, commit log, saved caches, hints); replaced at every reset
     * @param stateDir where the pristine copy of {@code dataDir} and the baseline yaml are kept
     */
    public SidecarExperimentNode(ProcessControl process, YamlStore yaml, HealthGate health, JmxNode jmx, CqlNode cql,
            SidecarProperties.Cassandra cassandra, Path dataDir, Path stateDir, Duration stopTimeout, Duration startTimeout) {
        this.process = process;
        this.yaml = yaml;
        this.health = health;
        this.jmx = jmx;
        this.cql = cql;
        this.cassandra = cassandra;
        this.dataDir = dataDir.toAbsolutePath().normalize();
        this.pristine = stateDir.resolve("pristine-data");
        this.baselineYaml = stateDir.resolve("baseline-cassandra.yaml");
        this.stopTimeout = stopTimeout;
        this.startTimeout = startTimeout;
    }

    @Override
    public void resetAndStart(Map<String, String> settings) throws StartFailure, Exception {
        checkNotAborted();
        keepPristineCopy();
        stop();
        deleteTree(dataDir);
        copyTree(pristine, dataDir);
        Files.writeString(yaml.file(), Files.readString(baselineYaml, StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        yaml.update(settings, List.of());
        NodeStartupLog startupLog = new NodeStartupLog(process.logFile().orElse(null));
        startupLog.mark();
        process.start();
        long deadline = System.currentTimeMillis() + startTimeout.toMillis();
        String last = "not checked yet";
        try {
            while (System.currentTimeMillis() < deadline) {
                checkNotAborted();
                if (!process.isRunning()) {
                    Thread.sleep(500); // let the log reach the disk
                    throw new StartFailure(startupLog.firstError().orElse("the node exited during startup, no error in its log"));
                }
                Optional<String> missing = health.checkUp();
                if (missing.isEmpty()) {
                    readProcessFacts();
                    return;
                }
                last = missing.get();
                Thread.sleep(500);
            }
        } finally {
            health.release();
        }
        stop();
        throw new StartFailure("not serving " + startTimeout.toSeconds() + " s after its start (" + last + ")"
                + startupLog.firstError().map(e -> "; log: " + e).orElse(""));
    }

    /** The first time: the node's data directory and yaml as they are now become the state every experiment starts from. */
    private void keepPristineCopy() throws Exception {
        if (Files.isDirectory(pristine) && Files.exists(baselineYaml)) {
            return;
        }
        log.info("keeping the node's data directory {} as the pristine copy {} and its yaml as the baseline", dataDir, pristine);
        stop();
        Path temp = pristine.resolveSibling(pristine.getFileName() + ".tmp");
        deleteTree(temp);
        copyTree(dataDir, temp);
        deleteTree(pristine);
        Files.move(temp, pristine, StandardCopyOption.ATOMIC_MOVE);
        Files.copy(yaml.file(), baselineYaml, StandardCopyOption.REPLACE_EXISTING);
    }

    private void stop() throws Exception {
        jmx.close();
        cql.close();
        if (process.isRunning()) {
            process.stop(stopTimeout);
        }
        pid = -1;
    }

    /** Stops the node under a running experiment: the run's further calls on the node fail. */
    @Override
    public void abort() {
        aborted = true;
        try {
            stop();
        } catch (Exception e) {
            log.warn("could not stop the node of an aborted experiment: {}", e.toString());
        }
    }

    @Override
    public void restoreBaseline() throws Exception {
        aborted = false;
        resetAndStart(Map.of());
    }

    private void checkNotAborted() {
        if (aborted) {
            throw new IllegalStateException("the experiment was stopped at its time limit");
        }
    }

    private void readProcessFacts() {
        pid = jmx.longAttribute(JmxNode.name("java.lang:type=Runtime"), "Pid").orElse(-1L);
        jmx.attribute(JmxNode.name("java.lang:type=Memory"), "HeapMemoryUsage")
                .filter(CompositeData.class::isInstance).map(u -> (Long) ((CompositeData) u).get("max"))
                .ifPresent(max -> heapMiB = max / (1024 * 1024));
    }

    @Override
    public CqlSession openSession() {
        checkNotAborted();
        CqlSessionBuilder builder = CqlSession.builder()
                .addContactPoint(new InetSocketAddress(cassandra.getCqlHost(), cassandra.getCqlPort()))
                .withLocalDatacenter(cassandra.getLocalDatacenter())
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(12))
                        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                        .build());
        if (cassandra.getUsername() != null && !cassandra.getUsername().isBlank()) {
            builder.withAuthCredentials(cassandra.getUsername(), cassandra.getPassword() == null ? "" : cassandra.getPassword());
        }
        return builder.build();
    }

    @Override
    public void flush(String keyspace) throws Exception {
        checkNotAborted();
        jmx.proxy(JmxNode.name(StorageServicePort.NAME), StorageServicePort.class).forceKeyspaceFlush(keyspace);
    }

    @Override
    public boolean awaitCompactions(Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (true) {
            checkNotAborted();
            Optional<Long> pending = jmx.longAttribute(JmxNode.name("org.apache.cassandra.metrics:type=Compaction,name=PendingTasks"),
                    "Value");
            if (pending.isPresent() && pending.get() == 0) {
                return true;
            }
            if (System.currentTimeMillis() > deadline) {
                return false;
            }
            Thread.sleep(500);
        }
    }

    /** The node's JIT time; throws once the experiment was aborted, which ends the runner's warm-up. */
    @Override
    public OptionalLong compilationMillis() {
        checkNotAborted();
        return jmx.longAttribute(JmxNode.name("java.lang:type=Compilation"), "TotalCompilationTime")
                .map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    @Override
    public long pid() {
        if (pid < 0) {
            throw new IllegalStateException("the experiment node's process id is not known (JMX java.lang:type=Runtime Pid)");
        }
        return pid;
    }

    @Override
    public boolean isRunning() {
        try {
            return process.isRunning();
        } catch (Exception e) {
            return false;
        }
    }

    /** Cores and memory of this machine, the node's heap as it last reported it (1 MiB before it ever answered). */
    @Override
    public HardwareFacts hardware() {
        return new HardwareFacts(onlineCores(), memoryMiB(), Math.max(1, heapMiB));
    }

    private static int onlineCores() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return (int) Math.max(1, lines.filter(l -> l.startsWith("processor")).count());
        } catch (IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    private static long memoryMiB() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
            return lines.filter(l -> l.startsWith("MemTotal:")).findFirst()
                    .map(l -> Math.max(1, Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024)).orElse(1L);
        } catch (IOException | RuntimeException e) {
            return Math.max(1, Runtime.getRuntime().maxMemory() / (1024 * 1024));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * Copies the directory tree {@code from} into {@code to}, file attributes kept, files there replaced: how an
     * experiment node keeps and puts back its pristine data (the lab's experiment node does the same).
     */
    public static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            throw new IOException(from + " is not a directory");
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
