package dev.ctuner.sidecar.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import dev.ctuner.sidecar.config.SidecarProperties;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A CQL session to this sidecar's own node only (other nodes are ignored), opened lazily and
 * re-opened after failures, so that a node that is down when the sidecar starts, or restarts
 * later, never stops the sidecar. Queries go to the local node (virtual tables are node-local).
 */
public class CqlNode implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CqlNode.class);

    private final SidecarProperties.Cassandra config;
    private final InetSocketAddress address;
    private CqlSession session;
    private volatile String lastError = "not connected yet";

    public CqlNode(SidecarProperties.Cassandra config) {
        this.config = config;
        this.address = new InetSocketAddress(config.getCqlHost(), config.getCqlPort());
    }

    /** Runs a read-only query on the local node; empty if the node cannot be reached (the reason is kept). */
    public synchronized Optional<List<Row>> query(String cql, Object... values) {
        try {
            CqlSession s = session();
            Node local = localNode(s);
            if (local == null) {
                lastError = "the driver does not know node " + address;
                return Optional.empty();
            }
            List<Row> rows = s.execute(SimpleStatement.newInstance(cql, values).setNode(local)).all();
            lastError = null;
            return Optional.of(rows);
        } catch (RuntimeException e) {
            lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
            log.debug("query on {} failed: {}", address, lastError);
            if (session != null && session.isClosed()) {
                session = null;
            }
            return Optional.empty();
        }
    }

    /**
     * Runs a statement that changes something (a schema change) on the local node, with a longer
     * timeout than reads; throws with the driver's message when it fails.
     */
    public synchronized void execute(String cql) {
        try {
            CqlSession s = session();
            Node local = localNode(s);
            if (local == null) {
                throw new IllegalStateException("the driver does not know node " + address);
            }
            s.execute(SimpleStatement.newInstance(cql).setNode(local).setTimeout(Duration.ofSeconds(60)));
            lastError = null;
        } catch (RuntimeException e) {
            lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (session != null && session.isClosed()) {
                session = null;
            }
            throw e;
        }
    }

    /** Null when the last query worked, else why it did not. */
    public String lastError() {
        return lastError;
    }

    public InetSocketAddress address() {
        return address;
    }

    private CqlSession session() {
        if (session == null || session.isClosed()) {
            CqlSessionBuilder builder = CqlSession.builder()
                    .addContactPoint(address)
                    .withLocalDatacenter(config.getLocalDatacenter())
                    .withNodeDistanceEvaluator((node, dc) -> isLocal(node) ? NodeDistance.LOCAL : NodeDistance.IGNORED)
                    .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, config.getRequestTimeout())
                            // One connection to the local node, so retrying often costs nothing. With the driver's
                            // default backoff (1 s doubling to the maximum) a node back from a restart was seen by
                            // CQL only at the next attempt: start phases of 12, 17 and 22 s, in 5 s steps.
                            .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(250))
                            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(1))
                            .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, 1)
                            .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
                            .build());
            if (config.getUsername() != null && !config.getUsername().isBlank()) {
                builder.withAuthCredentials(config.getUsername(), config.getPassword() == null ? "" : config.getPassword());
            }
            session = builder.build();
            log.info("connected to Cassandra at {}", address);
        }
        return session;
    }

    private Node localNode(CqlSession s) {
        return s.getMetadata().getNodes().values().stream().filter(this::isLocal).findFirst().orElse(null);
    }

    private boolean isLocal(Node node) {
        return node.getEndPoint().resolve() instanceof InetSocketAddress a
                && a.getAddress().equals(address.getAddress()) && a.getPort() == address.getPort();
    }

    @Override
    public synchronized void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
