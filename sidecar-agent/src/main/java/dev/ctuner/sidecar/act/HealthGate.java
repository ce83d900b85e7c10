package dev.ctuner.sidecar.act;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import dev.ctuner.sidecar.config.SidecarProperties;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * When is a restarted node healthy: the storage service is NORMAL (it is UN), CQL answers, its
 * schema version agrees with every peer's, and no peer holds hints for it any more.
 *
 * <p>The hint check asks every peer through one driver session, opened at the first check and
 * kept for the following ones (they come every half second while hints are replayed) until
 * {@link #release()}; a session per check cost a connection to every node each time, on a machine
 * busy replaying those hints.
 */
public class HealthGate {

    private final CqlNode cql;
    private final JmxNode jmx;
    private final SidecarProperties.Cassandra config;
    private CqlSession peers;

    public HealthGate(CqlNode cql, JmxNode jmx, SidecarProperties.Cassandra config) {
        this.cql = cql;
        this.jmx = jmx;
        this.config = config;
    }

    /** Empty when healthy (up and in sync); otherwise what is still missing. */
    public Optional<String> check() {
        return checkUp().or(this::checkSynced);
    }

    /** Empty when the node is up: its storage service is NORMAL (it is UN) and CQL answers. */
    public Optional<String> checkUp() {
        Optional<Object> mode = jmx.attribute(JmxNode.name("org.apache.cassandra.db:type=StorageService"), "OperationMode");
        if (mode.isEmpty()) {
            return Optional.of("JMX does not answer yet");
        }
        if (!"NORMAL".equals(mode.get())) {
            return Optional.of("storage service is " + mode.get());
        }
        Optional<List<Row>> local = cql.query("SELECT host_id, schema_version FROM system.local");
        if (local.isEmpty() || local.get().isEmpty()) {
            return Optional.of("CQL does not answer yet: " + cql.lastError());
        }
        return Optional.empty();
    }

    /** Empty when the node is in sync: its schema agrees with every peer's and no peer holds hints for it. */
    public Optional<String> checkSynced() {
        Optional<List<Row>> local = cql.query("SELECT host_id, schema_version FROM system.local");
        if (local.isEmpty() || local.get().isEmpty()) {
            return Optional.of("CQL does not answer: " + cql.lastError());
        }
        UUID hostId = local.get().get(0).getUuid("host_id");
        UUID schema = local.get().get(0).getUuid("schema_version");
        Optional<List<Row>> peers = cql.query("SELECT peer, schema_version FROM system.peers_v2");
        if (peers.isEmpty()) {
            return Optional.of("cannot read the peers' schema versions");
        }
        Set<String> disagreeing = peers.get().stream().filter(r -> !schema.equals(r.getUuid("schema_version")))
                .map(r -> String.valueOf(r.getInetAddress("peer"))).collect(Collectors.toSet());
        if (!disagreeing.isEmpty()) {
            return Optional.of("schema version differs on " + disagreeing);
        }
        return hintsFor(hostId);
    }

    /** Closes the session the hint checks kept open, if any; the next check opens a new one. */
    public synchronized void release() {
        if (peers != null) {
            peers.close();
            peers = null;
        }
    }

    private synchronized CqlSession peers() {
        if (peers == null || peers.isClosed()) {
            var builder = CqlSession.builder().addContactPoint(new InetSocketAddress(config.getCqlHost(), config.getCqlPort()))
                    .withLocalDatacenter(config.getLocalDatacenter());
            if (config.getUsername() != null && !config.getUsername().isBlank()) {
                builder.withAuthCredentials(config.getUsername(), config.getPassword() == null ? "" : config.getPassword());
            }
            peers = builder.build();
        }
        return peers;
    }

    /** Hints that live peers still hold for this node (system_views.pending_hints on each peer). */
    private Optional<String> hintsFor(UUID hostId) {
        try {
            CqlSession all = peers();
            for (Node peer : all.getMetadata().getNodes().values()) {
                if (hostId.equals(peer.getHostId()) || peer.getOpenConnections() == 0) {
                    continue; // ourselves, or a peer we cannot reach (its hints wait for it to come back too)
                }
                for (Row row : all.execute(SimpleStatement.newInstance("SELECT host_id, files FROM system_views.pending_hints")
                        .setNode(peer).setTimeout(Duration.ofSeconds(5)))) {
                    if (hostId.equals(row.getUuid("host_id")) && row.getObject("files") instanceof Number n && n.longValue() > 0) {
                        return Optional.of(peer.getEndPoint() + " still holds " + n + " hint file(s) for this node");
                    }
                }
            }
            return Optional.empty();
        } catch (RuntimeException e) {
            release(); // the next check starts from a fresh session
            return Optional.of("cannot check hints: " + e.getMessage());
        }
    }
}
