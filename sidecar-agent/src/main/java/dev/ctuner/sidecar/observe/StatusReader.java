package dev.ctuner.sidecar.observe;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import java.util.List;
import java.util.Optional;
import javax.management.ObjectName;

/**
 * Reads the node's heartbeat: version, state, hints waiting, schema version, uptime, active streams,
 * and where the node sits in the ring ({@link TopologyReader}).
 */
public class StatusReader {

    private static final ObjectName STORAGE_SERVICE = JmxNode.name("org.apache.cassandra.db:type=StorageService");
    private static final ObjectName RUNTIME = JmxNode.name("java.lang:type=Runtime");
    private static final ObjectName STREAM_MANAGER = JmxNode.name("org.apache.cassandra.net:type=StreamManager");

    private final CqlNode cql;
    private final JmxNode jmx;
    private final String sidecarVersion;
    private final TopologyReader topology;

    public StatusReader(CqlNode cql, JmxNode jmx, String sidecarVersion) {
        this.cql = cql;
        this.jmx = jmx;
        this.sidecarVersion = sidecarVersion;
        this.topology = new TopologyReader(cql);
    }

    /** The heartbeat; {@code backlog} and {@code dropped} describe the sidecar's own publisher. */
    public NodeStatus read(long backlog, long dropped) {
        Optional<List<Row>> local = cql.query("SELECT release_version, schema_version FROM system.local");
        String version = local.filter(rows -> !rows.isEmpty()).map(rows -> rows.get(0).getString("release_version"))
                .or(() -> jmx.attribute(STORAGE_SERVICE, "ReleaseVersion").map(Object::toString)).orElse("unknown");
        String schema = local.filter(rows -> !rows.isEmpty()).map(rows -> String.valueOf(rows.get(0).getUuid("schema_version")))
                .or(() -> jmx.attribute(STORAGE_SERVICE, "SchemaVersion").map(Object::toString)).orElse(null);
        Optional<String> mode = jmx.attribute(STORAGE_SERVICE, "OperationMode").map(Object::toString);
        boolean reachable = local.isPresent() || mode.isPresent();
        Long hints = cql.query("SELECT files FROM system_views.pending_hints")
                .map(rows -> rows.stream().mapToLong(r -> r.getObject("files") instanceof Number n ? n.longValue() : 0).sum()).orElse(null);
        Long uptime = jmx.longAttribute(RUNTIME, "Uptime").map(ms -> ms / 1000).orElse(null);
        // CurrentStreams is a set of CompositeData, one per streaming session (bootstrap, repair, rebuild).
        Integer streams = jmx.attribute(STREAM_MANAGER, "CurrentStreams").filter(java.util.Collection.class::isInstance)
                .map(s -> ((java.util.Collection<?>) s).size()).orElse(null);
        return new NodeStatus(version, state(mode, reachable), hints, schema, sidecarVersion, uptime, reachable, backlog, dropped,
                streams, local.isPresent() ? topology.read().orElse(null) : null);
    }

    /**
     * Cassandra's operation mode as a node state. A node that answers neither CQL nor JMX is
     * reported DOWN; a drained node is DOWN too (it serves nothing).
     */
    static NodeState state(Optional<String> mode, boolean reachable) {
        if (!reachable) {
            return NodeState.DOWN;
        }
        return switch (mode.orElse("")) {
            case "NORMAL" -> NodeState.UP_NORMAL;
            case "STARTING", "JOINING" -> NodeState.UP_JOINING;
            case "LEAVING", "DECOMMISSIONED" -> NodeState.UP_LEAVING;
            case "MOVING" -> NodeState.UP_MOVING;
            case "DRAINING", "DRAINED" -> NodeState.DOWN;
            default -> NodeState.UNKNOWN;
        };
    }
}
