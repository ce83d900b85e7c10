package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.net.InetSocketAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * 1 to 3 (up to 9) real Cassandra nodes on 127.0.0.1.., seeded by node 1, joined one at a time
 * (concurrent bootstraps are refused). Every process is stopped by PID on {@link #close()}, and by
 * a shutdown hook if the JVM exits first.
 *
 * <pre>{@code
 * try (CassandraCluster cluster = CassandraCluster.builder(runtime, Path.of("target/ring")).nodes(3).build()) {
 *     cluster.start();
 *     try (CqlSession session = cluster.session()) { ... }
 * }
 * }</pre>
 */
public final class CassandraCluster implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CassandraCluster.class);

    private final String name;
    private final Path baseDir;
    private final List<CassandraNode> nodes;
    private final Map<Integer, Map<String, Object>> yamlOverrides;
    private final Duration nodeTimeout;

    private CassandraCluster(Builder b) {
        this.name = b.name;
        this.baseDir = b.baseDir.toAbsolutePath().normalize();
        this.yamlOverrides = b.yamlOverrides;
        this.nodeTimeout = b.nodeTimeout;
        List<CassandraNode> list = new ArrayList<>();
        for (int i = 1; i <= b.nodes; i++) {
            list.add(new CassandraNode(i, baseDir.resolve("node" + i), b.runtime, b.heap));
        }
        this.nodes = List.copyOf(list);
    }

    public static Builder builder(ServerRuntime runtime, Path baseDir) {
        return new Builder(runtime, baseDir);
    }

    public List<CassandraNode> nodes() {
        return nodes;
    }

    /** Node k, counted from 1 (node 1 is 127.0.0.1 and the seed). */
    public CassandraNode node(int k) {
        return nodes.get(k - 1);
    }

    public String name() {
        return name;
    }

    /** Wipes the directories, writes each node's yaml and starts the nodes one after another; returns the time until all are UN. */
    public Duration start() throws Exception {
        Instant begin = Instant.now();
        for (CassandraNode node : nodes) {
            ManagedProcess.reapStale(node.home(), CassandraNode.MAIN_CLASS);
        }
        deleteRecursively(baseDir);
        for (CassandraNode node : nodes) {
            node.configure(name, node(1).address(), yamlOverrides.getOrDefault(node.index(), Map.of()));
        }
        for (CassandraNode node : nodes) {
            node.start();
            node.awaitReady(nodeTimeout);
            awaitAllUp(node.index(), nodeTimeout);
        }
        Duration took = Duration.between(begin, Instant.now());
        log.info("{}-node cluster '{}' up in {} ms", nodes.size(), name, took.toMillis());
        return took;
    }

    /** Waits until every node is Up and Normal as the running nodes see it. */
    public void awaitAllUp(Duration timeout) throws Exception {
        awaitAllUp(nodes.size(), timeout);
    }

    private void awaitAllUp(int firstK, Duration timeout) throws Exception {
        Set<String> expected = new TreeSet<>();
        nodes.subList(0, firstK).forEach(n -> expected.add(n.address()));
        Instant deadline = Instant.now().plus(timeout);
        String last = "no answer";
        while (Instant.now().isBefore(deadline)) {
            last = ringStatus(expected, nodes.subList(0, firstK));
            if (last.isEmpty()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("cluster '" + name + "' not all UN within " + timeout + ": " + last);
    }

    /** Empty when every node in {@code expected} is UN as seen from each of {@code observers}; else what is wrong. */
    private String ringStatus(Set<String> expected, List<CassandraNode> observers) {
        for (CassandraNode observer : observers) {
            if (!observer.isRunning()) {
                return observer + " is not running";
            }
            try (Jmx jmx = observer.jmx()) {
                if (!"NORMAL".equals(jmx.operationMode())) {
                    return observer + " is " + jmx.operationMode();
                }
                Set<String> live = new TreeSet<>(jmx.nodes("LiveNodes"));
                if (!live.containsAll(expected)) {
                    return observer + " sees live " + live + ", expected " + expected;
                }
                for (String state : List.of("JoiningNodes", "LeavingNodes", "MovingNodes", "UnreachableNodes")) {
                    List<String> odd = jmx.nodes(state);
                    if (!odd.isEmpty()) {
                        return observer + " sees " + state + " " + odd;
                    }
                }
            } catch (Exception e) {
                return observer + ": " + e;
            }
        }
        return "";
    }

    /** A driver session with every node as a contact point; the caller closes it. */
    public CqlSession session() {
        return sessionBuilder().build();
    }

    /** A session that sends every request to {@code coordinator} only (the others are ignored). */
    public CqlSession sessionTo(CassandraNode coordinator) {
        InetSocketAddress address = coordinator.cqlAddress();
        return sessionBuilder().withNodeDistanceEvaluator((node, dc) -> node.getEndPoint().resolve() instanceof InetSocketAddress a
                        && a.getAddress().equals(address.getAddress()) ? NodeDistance.LOCAL : NodeDistance.IGNORED)
                .build();
    }

    public CqlSessionBuilder sessionBuilder() {
        CqlSessionBuilder builder = CqlSession.builder().withLocalDatacenter("datacenter1").withConfigLoader(driverConfig());
        nodes.forEach(n -> builder.addContactPoint(n.cqlAddress()));
        return builder;
    }

    /** Driver settings for nodes on this machine. */
    static DriverConfigLoader driverConfig() {
        // Two cores serve the whole ring and the client here: allow slow answers rather than fail.
        return DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(15))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(5))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(15))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                // Nodes restart often here; reconnect within seconds rather than the default minute.
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(250))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(2))
                .build();
    }

    /** The driver's view of {@code target}, to send node-local queries (system_views) to it. */
    public static Node driverNode(CqlSession session, CassandraNode target) {
        return session.getMetadata().getNodes().values().stream()
                .filter(n -> n.getEndPoint().resolve() instanceof InetSocketAddress a
                        && a.getAddress().getHostAddress().equals(target.address()))
                .findFirst().orElseThrow(() -> new IllegalStateException("the driver does not know " + target));
    }

    /** Waits until {@code session} has an open connection to every running node (after a restart, say). */
    public void awaitSessionConnected(CqlSession session, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            boolean all = nodes.stream().filter(CassandraNode::isRunning).allMatch(n -> {
                Node known = driverNode(session, n);
                return known.getState() == NodeState.UP && known.getOpenConnections() > 0;
            });
            if (all) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the driver session did not reconnect to every running node within " + timeout);
    }

    /** One setting as {@code target} reports it in system_views.settings (null when unset or unknown). */
    public static String setting(CqlSession session, CassandraNode target, String name) {
        Row row = session.execute(SimpleStatement.newInstance("SELECT value FROM system_views.settings WHERE name = ?", name)
                .setNode(driverNode(session, target))).one();
        return row == null ? null : row.getString("value");
    }

    /** Stops every node by PID (SIGTERM, then SIGKILL); safe to call twice. */
    @Override
    public void close() {
        for (int k = nodes.size(); k >= 1; k--) {
            CassandraNode node = node(k);
            try {
                node.stop();
            } catch (RuntimeException e) {
                log.warn("stopping {} failed; killing it", node, e);
                node.kill();
            }
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Shape of a cluster: node count, heap, yaml overrides per node. */
    public static final class Builder {
        private final ServerRuntime runtime;
        private final Path baseDir;
        private String name = "ctuner";
        private int nodes = 1;
        private String heap = "512m";
        private Duration nodeTimeout = Duration.ofSeconds(120);
        private final Map<Integer, Map<String, Object>> yamlOverrides = new HashMap<>();

        private Builder(ServerRuntime runtime, Path baseDir) {
            this.runtime = runtime;
            this.baseDir = baseDir;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder nodes(int count) {
            if (count < 1 || count > 9) {
                throw new IllegalArgumentException("a local cluster has 1 to 9 nodes, not " + count);
            }
            this.nodes = count;
            return this;
        }

        public Builder heap(String heap) {
            this.heap = heap;
            return this;
        }

        public Builder nodeTimeout(Duration timeout) {
            this.nodeTimeout = timeout;
            return this;
        }

        /** Yaml keys for node k, over the defaults (dotted keys nest). */
        public Builder yaml(int k, Map<String, Object> overrides) {
            yamlOverrides.put(k, Map.copyOf(overrides));
            return this;
        }

        public CassandraCluster build() {
            return new CassandraCluster(this);
        }
    }
}
