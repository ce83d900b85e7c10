package dev.ctuner.sidecar.observe;

import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.NodeTopology;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.MultiGauge.Row;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * {@code ctuner_sidecar_info}: always 1, its labels say where the node sits (dc and rack, as the
 * node's own {@code system.local} gives them in each heartbeat; {@code unknown} before the first),
 * the sidecar's role and its version. The Prometheus "info metric" idiom: the node's other series
 * keep only cluster and node, and a query that wants dc or rack joins on this one, e.g.
 * {@code ctuner_workload_throughput_ops_per_second * on(cluster, node) group_left(dc, rack) ctuner_sidecar_info}.
 *
 * <pre>{@code
 * SidecarInfoGauge info = new SidecarInfoGauge(registry, "serving", "0.1.0");
 * observer.onStatus(info);   // each heartbeat updates dc and rack
 * }</pre>
 */
public final class SidecarInfoGauge implements Consumer<NodeStatus> {

    static final String UNKNOWN = "unknown";

    private final MultiGauge info;
    private final String role;
    private final String version;
    private volatile Tags current;

    public SidecarInfoGauge(MeterRegistry registry, String role, String version) {
        this.info = MultiGauge.builder("ctuner.sidecar.info").description("1; the labels say the node's dc and rack, the sidecar's role "
                + "and version").register(registry);
        this.role = role.toLowerCase(Locale.ROOT);
        this.version = version;
        show(UNKNOWN, UNKNOWN);
    }

    /** Takes dc and rack from a heartbeat that carries the topology; one without it changes nothing. */
    @Override
    public void accept(NodeStatus status) {
        NodeTopology topology = status.topology();
        if (topology != null) {
            show(topology.dc(), topology.rack());
        }
    }

    private void show(String dc, String rack) {
        Tags tags = Tags.of("dc", dc, "rack", rack, "role", role, "version", version);
        if (!Objects.equals(tags, current)) {
            current = tags;
            info.register(List.of(Row.of(tags, 1)), true);
        }
    }
}
