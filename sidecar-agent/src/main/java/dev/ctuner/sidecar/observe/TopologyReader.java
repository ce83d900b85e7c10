package dev.ctuner.sidecar.observe;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.common.protocol.message.KeyspaceSettings;
import dev.ctuner.common.protocol.message.NodeTopology;
import dev.ctuner.common.protocol.message.PeerTopology;
import dev.ctuner.sidecar.cassandra.CqlNode;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads where the node sits in its ring over CQL: its host id, DC, rack and tokens from
 * {@code system.local}, its peers from {@code system.peers_v2}, every keyspace's replication from
 * {@code system_schema.keyspaces}. A piece that cannot be read is left unknown (null) and the rest
 * is still published; without {@code system.local} (node unreachable, or a partitioner whose tokens
 * are not Murmur3 longs) there is no topology at all.
 *
 * <pre>{@code
 * Optional<NodeTopology> topology = new TopologyReader(cql).read();
 * }</pre>
 */
public class TopologyReader {

    private static final Logger LOG = LoggerFactory.getLogger(TopologyReader.class);

    private final CqlNode cql;

    public TopologyReader(CqlNode cql) {
        this.cql = cql;
    }

    public Optional<NodeTopology> read() {
        Optional<Local> local = cql.query("SELECT host_id, data_center, rack, tokens FROM system.local")
                .filter(rows -> !rows.isEmpty()).flatMap(rows -> local(rows.get(0)));
        if (local.isEmpty()) {
            return Optional.empty();
        }
        List<PeerTopology> peers = cql.query("SELECT peer, host_id, data_center, rack, tokens, schema_version FROM system.peers_v2")
                .map(rows -> rows.stream().map(TopologyReader::peer).flatMap(Optional::stream).toList()).orElse(null);
        List<KeyspaceSettings> keyspaces = cql.query("SELECT keyspace_name, replication FROM system_schema.keyspaces")
                .map(rows -> rows.stream().map(TopologyReader::keyspace).flatMap(Optional::stream).toList()).orElse(null);
        return assemble(local.get(), peers, keyspaces);
    }

    /** What system.local says of the node itself; tokens null when they are not Murmur3 longs. */
    record Local(UUID hostId, String dc, String rack, List<Long> tokens) {
    }

    /** The topology from what was read; empty when the node's own row is incomplete. Pure, for tests. */
    static Optional<NodeTopology> assemble(Local local, List<PeerTopology> peers, List<KeyspaceSettings> keyspaces) {
        if (local.hostId() == null || blank(local.dc()) || blank(local.rack()) || local.tokens() == null) {
            LOG.debug("system.local is incomplete, no topology this time: {}", local);
            return Optional.empty();
        }
        String self = local.hostId().toString();
        List<PeerTopology> others = peers == null ? null
                : peers.stream().filter(p -> !p.hostId().equals(self)).toList();
        try {
            return Optional.of(new NodeTopology(self, local.dc(), local.rack(), local.tokens(), others, keyspaces));
        } catch (IllegalArgumentException e) {
            LOG.warn("topology not published: {}", e.getMessage());
            return Optional.empty();
        }
    }

    private static Optional<Local> local(Row row) {
        return Optional.of(new Local(row.getUuid("host_id"), row.getString("data_center"), row.getString("rack"),
                tokens(row.getSet("tokens", String.class))));
    }

    private static Optional<PeerTopology> peer(Row row) {
        UUID hostId = row.getUuid("host_id");
        if (hostId == null) {
            return Optional.empty(); // a peer gossip has not identified yet: nothing to compare it by
        }
        InetAddress address = row.getInetAddress("peer");
        UUID schema = row.getUuid("schema_version");
        return Optional.of(new PeerTopology(hostId.toString(), address == null ? null : address.getHostAddress(),
                nullIfBlank(row.getString("data_center")), nullIfBlank(row.getString("rack")),
                tokens(row.getSet("tokens", String.class)), schema == null ? null : schema.toString()));
    }

    private static Optional<KeyspaceSettings> keyspace(Row row) {
        Map<String, String> replication = new TreeMap<>(row.getMap("replication", String.class, String.class));
        String strategy = replication.remove("class");
        if (strategy == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new KeyspaceSettings(row.getString("keyspace_name"), strategy, replication));
        } catch (IllegalArgumentException e) {
            LOG.warn("keyspace {} left out of the topology: {}", row.getString("keyspace_name"), e.getMessage());
            return Optional.empty();
        }
    }

    /** Murmur3 tokens as longs; null when any is not a long (another partitioner) or there are none known. */
    static List<Long> tokens(Collection<String> text) {
        if (text == null) {
            return null;
        }
        List<Long> tokens = new ArrayList<>(text.size());
        for (String t : text) {
            try {
                tokens.add(Long.parseLong(t.trim()));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return tokens;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String nullIfBlank(String s) {
        return blank(s) ? null : s;
    }
}
