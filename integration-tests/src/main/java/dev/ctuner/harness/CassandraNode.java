package dev.ctuner.harness;

import dev.ctuner.sidecar.act.NodeStartupLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One real Cassandra 5.0 node: its own JDK 17 process on 127.0.0.k with its own directories,
 * generated cassandra.yaml and JMX port. Start, drain and stop, kill -9, restart with a changed
 * yaml.
 */
public final class CassandraNode {

    private static final Logger log = LoggerFactory.getLogger(CassandraNode.class);
    static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";
    public static final int CQL_PORT = 9042;

    private final int index;
    private final Path home;
    private final ServerRuntime runtime;
    private final String heap;
    private ManagedProcess process;
    private List<String> launchPrefix = List.of();
    private List<String> extraJvmOptions = List.of();

    CassandraNode(int index, Path home, ServerRuntime runtime, String heap) {
        if (index < 1 || index > 9) {
            throw new IllegalArgumentException("node index must be 1..9, was " + index);
        }
        this.index = index;
        this.home = home.toAbsolutePath().normalize();
        this.runtime = runtime;
        this.heap = heap;
    }

    /**
     * A node of its own, outside any ring (e.g. an experiment node): on 127.0.0.{@code index}, JMX port
     * 7099 + 100 index, its files in {@code home}. Pick an index no ring or other test uses.
     */
    public static CassandraNode standalone(int index, Path home, ServerRuntime runtime, String heap) {
        return new CassandraNode(index, home, runtime, heap);
    }

    /** The directory that holds all the node's on-disk state (cassandra.storagedir: data, commit log, caches, hints). */
    public Path storageDir() {
        return home.resolve("data");
    }

    public int index() {
        return index;
    }

    /** 127.0.0.k: all of 127/8 routes to the loopback interface, so no aliases are needed. */
    public String address() {
        return "127.0.0." + index;
    }

    /** 7199, 7299, 7399, ...: JMX ports must differ, since JMX listens on 127.0.0.1 for every node. */
    public int jmxPort() {
        return 7099 + 100 * index;
    }

    public InetSocketAddress cqlAddress() {
        return new InetSocketAddress(address(), CQL_PORT);
    }

    public Path home() {
        return home;
    }

    public Path yamlFile() {
        return home.resolve("conf/cassandra.yaml");
    }

    public Path systemLog() {
        return home.resolve("logs/system.log");
    }

    public Optional<Long> pid() {
        return isRunning() ? Optional.of(process.pid()) : Optional.empty();
    }

    /** Whether the node runs; follows a node that a supervised sidecar restarted under a new PID. */
    public boolean isRunning() {
        if (process == null || !process.isAlive()) {
            reattach();
        }
        return process != null && process.isAlive();
    }

    /** Writes the yaml (defaults plus {@code overrides}) and the logging configuration, replacing any earlier ones. */
    public void configure(String clusterName, String seed, Map<String, Object> overrides) throws IOException {
        CassandraYaml.write(CassandraYaml.merge(CassandraYaml.defaults(clusterName, address(), seed), overrides), yamlFile());
        Files.createDirectories(home.resolve("logs"));
        Files.writeString(home.resolve("conf/logback.xml"), """
                <configuration>
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <encoder><pattern>%%-5level [%%thread] %%date{ISO8601} %%F:%%L - %%msg%%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="FILE"/></root>
                </configuration>
                """.formatted(systemLog()));
    }

    /** Lays {@code changes} over the current yaml (a null value removes a key). */
    public void changeYaml(Map<String, Object> changes) throws IOException {
        CassandraYaml.write(CassandraYaml.merge(CassandraYaml.read(yamlFile()), changes), yamlFile());
    }

    /** Starts the process; returns at once. Use {@link #awaitReady(Duration)} to wait for CQL. */
    public void start() throws IOException {
        if (isRunning()) {
            throw new IllegalStateException("node " + address() + " is already running as PID " + process.pid());
        }
        ManagedProcess.reapStale(home, MAIN_CLASS);
        process = ManagedProcess.start("cassandra-" + address(), command(), home);
    }

    /**
     * Starts the node's JVM through {@code prefix}, e.g. {@code taskset -c 0} to pin it to core 0 (taken
     * at the next start).
     */
    public void launchWith(List<String> prefix) {
        this.launchPrefix = List.copyOf(prefix);
    }

    /** JVM options added to the standard set from the next start on (e.g. {@code -XX:ActiveProcessorCount=1}). */
    public void extraJvmOptions(List<String> options) {
        this.extraJvmOptions = List.copyOf(options);
    }

    /** The command line that starts this node (also handed to a supervised sidecar). */
    public List<String> command() {
        List<String> command = new ArrayList<>(launchPrefix);
        command.add(runtime.java().toString());
        command.add("-Xms" + heap);
        command.add("-Xmx" + heap);
        command.addAll(jvmOptions());
        command.addAll(extraJvmOptions);
        command.addAll(List.of(
                "-Dcassandra.config=" + yamlFile().toUri(),
                "-Dcassandra.storagedir=" + storageDir(),
                "-Dcassandra.logdir=" + home.resolve("logs"),
                "-Dlogback.configurationFile=" + home.resolve("conf/logback.xml"),
                "-Dcassandra.jmx.local.port=" + jmxPort(),
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcassandra-foreground=yes",
                // Fast start, for tests and the local quickstart only (FACTS.md: 13 s instead of 37 s).
                "-Dcassandra.ring_delay_ms=5000",
                "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-Dharness.home=" + home.toAbsolutePath(),
                "-cp", runtime.cassandraClasspath(),
                MAIN_CLASS));
        return command;
    }

    /** The PID file, output file and directory a supervisor uses for this node. */
    public Path pidFile() {
        return home.resolve("pid");
    }

    public Path outputFile() {
        return home.resolve("out.log");
    }

    /**
     * Takes the node back after someone else (a supervised sidecar) restarted it, so that it is
     * again stopped by PID at the end; returns whether a running node was found.
     */
    public boolean reattach() {
        Optional<ManagedProcess> adopted = ManagedProcess.adopt("cassandra-" + address(), home, MAIN_CLASS);
        adopted.ifPresent(p -> process = p);
        return adopted.isPresent();
    }

    /** Waits until the CQL port answers and the storage service is NORMAL; fails early with the node's own error line if it dies. */
    public Duration awaitReady(Duration timeout) throws IOException, InterruptedException {
        Instant start = Instant.now();
        Instant deadline = start.plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!isRunning()) {
                throw new NodeStartupException(address(), startupError().orElse("process exited with code "
                        + (process == null ? "?" : process.exitCode().orElse(-1))));
            }
            if (cqlPortOpen() && "NORMAL".equals(operationModeOrNull())) {
                Duration took = Duration.between(start, Instant.now());
                log.info("node {} ready in {} ms", address(), took.toMillis());
                return took;
            }
            Thread.sleep(250);
        }
        throw new NodeStartupException(address(), "not ready within " + timeout + "; last log line: "
                + startupError().orElse(lastLogLine()));
    }

    private boolean cqlPortOpen() {
        try (Socket socket = new Socket()) {
            socket.connect(cqlAddress(), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private String operationModeOrNull() {
        try (Jmx jmx = jmx()) {
            return jmx.operationMode();
        } catch (Exception e) {
            return null;
        }
    }

    public Jmx jmx() throws IOException {
        return Jmx.connect("127.0.0.1", jmxPort());
    }

    /** {@code nodetool drain} (flush memtables, stop accepting writes), then SIGTERM and wait. */
    public Duration drainAndStop() throws Exception {
        Instant start = Instant.now();
        if (isRunning()) {
            try (Jmx jmx = jmx()) {
                jmx.invoke(Jmx.STORAGE_SERVICE, "drain");
            }
            process.stop(Duration.ofSeconds(60));
        }
        return Duration.between(start, Instant.now());
    }

    /** SIGTERM without a drain; Cassandra's own shutdown hook runs. */
    public void stop() {
        if (isRunning()) {
            process.stop(Duration.ofSeconds(60));
        }
    }

    /** SIGKILL, as a crash would. */
    public void kill() {
        if (isRunning()) {
            process.kill();
        }
    }

    /** Drains, stops, applies {@code yamlChanges}, starts and waits until ready. */
    public void restart(Map<String, Object> yamlChanges, Duration timeout) throws Exception {
        drainAndStop();
        changeYaml(yamlChanges);
        start();
        awaitReady(timeout);
    }

    /** The node's own reason for failing to start, from its log: the first ERROR line and the exception after it. */
    public Optional<String> startupError() {
        for (Path file : List.of(systemLog(), home.resolve("out.log"))) {
            if (!Files.isRegularFile(file)) {
                continue;
            }
            Optional<String> error = NodeStartupLog.firstError(readLines(file));
            if (error.isPresent()) {
                return error;
            }
        }
        return Optional.empty();
    }

    private String lastLogLine() {
        List<String> lines = Files.isRegularFile(systemLog()) ? readLines(systemLog()) : List.of();
        return lines.isEmpty() ? "(no log yet)" : lines.get(lines.size() - 1);
    }

    private static List<String> readLines(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> jvmOptions() {
        try (InputStream in = CassandraNode.class.getResourceAsStream("jvm17-server.options")) {
            if (in == null) {
                throw new IllegalStateException("jvm17-server.options missing from the harness jar");
            }
            try (Stream<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()) {
                return lines.map(String::trim).filter(l -> l.startsWith("-")).toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return "node " + address() + pid().map(p -> " (PID " + p + ")").orElse(" (stopped)");
    }
}
