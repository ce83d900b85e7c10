package dev.ctuner.advisor.ingest;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * The clusters and nodes the sidecars report on: latest heartbeat per node and the last few
 * workload samples.
 *
 * <p>Kept in memory on purpose: it is a cache of what the sidecars keep sending (a heartbeat every
 * few seconds, a sample every window), so after an advisor restart it is whole again within one
 * heartbeat interval. Decisions that need it (rollout pre-checks) require a heartbeat younger than
 * a bound, so nothing is decided on an empty or stale registry; they wait instead. Samples that
 * must outlive a restart (training data) belong in a store, not here.
 *
 * <pre>{@code
 * registry.nodes(new ClusterId("prod"));   // one NodeView per node that reported
 * }</pre>
 */
public final class ClusterRegistry {

    private final int samplesPerNode;
    private final int maxNodes;
    private final AtomicInteger nodeCount = new AtomicInteger();
    private final Map<ClusterId, Map<NodeId, Entry>> clusters = new ConcurrentHashMap<>();
    private final List<BiConsumer<ClusterId, NodeId>> statusListeners = new CopyOnWriteArrayList<>();

    public ClusterRegistry(int samplesPerNode) {
        this(samplesPerNode, Integer.MAX_VALUE);
    }

    /**
     * @param maxNodes how many nodes, over all clusters, it keeps at the most: a bound on memory that a flood of
     *                 records from made-up nodes cannot push past ({@link #admits})
     */
    public ClusterRegistry(int samplesPerNode, int maxNodes) {
        if (samplesPerNode < 1 || maxNodes < 1) {
            throw new IllegalArgumentException("samplesPerNode and maxNodes must be >= 1 but were " + samplesPerNode + " and " + maxNodes);
        }
        this.samplesPerNode = samplesPerNode;
        this.maxNodes = maxNodes;
    }

    /** Whether a record from this node may be kept: a node it knows already, or one more while there is room. */
    public boolean admits(ClusterId cluster, NodeId node) {
        return clusters.getOrDefault(cluster, Map.of()).containsKey(node) || nodeCount.get() < maxNodes;
    }

    public int maxNodes() {
        return maxNodes;
    }

    /** Records a heartbeat unless a newer one from the same node is already known (delivery may reorder). */
    public void status(ClusterId cluster, NodeId node, Instant createdAt, NodeStatus status) {
        Entry entry = entry(cluster, node);
        boolean recorded = false;
        synchronized (entry) {
            if (entry.statusAt == null || !createdAt.isBefore(entry.statusAt)) {
                entry.status = status;
                entry.statusAt = createdAt;
                recorded = true;
            }
        }
        if (recorded) {
            statusListeners.forEach(l -> l.accept(cluster, node));
        }
    }

    /** Tells {@code listener} of each heartbeat recorded, after it is recorded (e.g. to wake a rollout waiting for it). */
    public void onStatus(BiConsumer<ClusterId, NodeId> listener) {
        statusListeners.add(listener);
    }

    public void sample(ClusterId cluster, NodeId node, WorkloadSample sample) {
        Entry entry = entry(cluster, node);
        synchronized (entry) {
            entry.samples.addLast(sample);
            while (entry.samples.size() > samplesPerNode) {
                entry.samples.removeFirst();
            }
        }
    }

    public List<ClusterId> clusters() {
        return clusters.keySet().stream().sorted(Comparator.comparing(ClusterId::value)).toList();
    }

    /** Every node of the cluster that reported anything, by node id. */
    public List<NodeView> nodes(ClusterId cluster) {
        List<NodeView> views = new ArrayList<>();
        clusters.getOrDefault(cluster, Map.of()).forEach((node, entry) -> views.add(view(cluster, node, entry)));
        views.sort(Comparator.comparing(v -> v.nodeId().value()));
        return views;
    }

    public Optional<NodeView> node(ClusterId cluster, NodeId node) {
        Entry entry = clusters.getOrDefault(cluster, Map.of()).get(node);
        return entry == null ? Optional.empty() : Optional.of(view(cluster, node, entry));
    }

    private Entry entry(ClusterId cluster, NodeId node) {
        return clusters.computeIfAbsent(cluster, c -> new ConcurrentHashMap<>()).computeIfAbsent(node, n -> {
            nodeCount.incrementAndGet();
            return new Entry();
        });
    }

    private static NodeView view(ClusterId cluster, NodeId node, Entry entry) {
        synchronized (entry) {
            return new NodeView(cluster, node, Optional.ofNullable(entry.status), Optional.ofNullable(entry.statusAt),
                    new ArrayList<>(entry.samples));
        }
    }

    private static final class Entry {
        NodeStatus status;
        Instant statusAt;
        final Deque<WorkloadSample> samples = new ArrayDeque<>();
    }
}
