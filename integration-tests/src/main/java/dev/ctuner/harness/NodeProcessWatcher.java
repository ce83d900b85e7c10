package dev.ctuner.harness;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches the Cassandra processes of a ring every 100 ms: every PID seen per node (a restart adds
 * one) and every interval a node had no live process, to check that nodes restart one at a time.
 */
public final class NodeProcessWatcher implements AutoCloseable {

    private final CassandraCluster ring;
    private final Map<String, Set<Long>> pids = new ConcurrentHashMap<>();
    private final Map<String, List<long[]>> downIntervals = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean watching = true;

    public NodeProcessWatcher(CassandraCluster ring) {
        this.ring = ring;
        for (CassandraNode node : ring.nodes()) {
            pids.put(node.address(), java.util.Collections.synchronizedSet(new LinkedHashSet<>(node.pid().stream().toList())));
        }
        thread = new Thread(this::watch, "pid-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        Map<String, Long> downSince = new TreeMap<>();
        while (watching) {
            long now = System.currentTimeMillis();
            for (CassandraNode node : ring.nodes()) {
                var pid = node.pid().filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false));
                pid.ifPresent(p -> pids.computeIfAbsent(node.address(), k -> java.util.Collections.synchronizedSet(new LinkedHashSet<>())).add(p));
                if (pid.isEmpty() && !downSince.containsKey(node.address())) {
                    downSince.put(node.address(), now);
                } else if (pid.isPresent() && downSince.containsKey(node.address())) {
                    downIntervals.computeIfAbsent(node.address(), k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                            .add(new long[] {downSince.remove(node.address()), now});
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** PIDs seen for a node by its address, first one first. */
    public Set<Long> pids(String address) {
        Set<Long> seen = pids.get(address);
        return seen == null ? Set.of() : Set.copyOf(seen);
    }

    /** How many processes a node had since the watch began (1 = never restarted). */
    public int processCount(String address) {
        return pids(address).size();
    }

    /** Every interval without a live process, all nodes, by start time; [start, end] in epoch ms. */
    public List<long[]> downIntervals() {
        List<long[]> all = new ArrayList<>();
        downIntervals.values().forEach(all::addAll);
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        return all;
    }

    /** Whether some node went down before the one down before it was back. */
    public boolean overlappingDowntime() {
        List<long[]> all = downIntervals();
        for (int i = 1; i < all.size(); i++) {
            if (all.get(i)[0] < all.get(i - 1)[1]) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        watching = false;
        thread.interrupt();
    }
}
