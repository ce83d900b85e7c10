package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.KeyspaceSettings;
import dev.ctuner.common.protocol.message.NodeTopology;
import dev.ctuner.common.protocol.message.PeerTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Whether a cluster's sidecar reports describe one ring completely: every report fresh and with a
 * topology, every node some node sees reported by its own sidecar, every node's view of the others
 * equal to what they say of themselves, one schema version, one set of keyspace settings. Returns
 * every problem found, so that an operator fixes them all at once.
 *
 * <pre>{@code
 * List<String> problems = ReportAgreement.check(reports, Duration.ofSeconds(30));
 * }</pre>
 */
final class ReportAgreement {

    private ReportAgreement() {
    }

    static List<String> check(List<RingReport> reports, Duration maxAge) {
        List<String> problems = new ArrayList<>();
        if (reports.isEmpty()) {
            problems.add("no sidecar has reported for this cluster: start a sidecar next to every node");
            return problems;
        }
        Map<String, RingReport> byHost = new LinkedHashMap<>();
        for (RingReport r : reports) {
            if (r.age().compareTo(maxAge) > 0) {
                problems.add("the sidecar of " + r.node() + " last reported " + seconds(r.age()) + " s ago, more than the "
                        + seconds(maxAge) + " s allowed: is it running?");
            }
            if (r.topology().isEmpty()) {
                problems.add("the sidecar of " + r.node() + " reports no topology (it cannot read system.local, or it is older "
                        + "than the topology report)");
                continue;
            }
            NodeTopology t = r.topology().get();
            RingReport other = byHost.put(t.hostId(), r);
            if (other != null) {
                problems.add("the sidecars of " + other.node() + " and " + r.node() + " both report host id " + t.hostId()
                        + ": two sidecars watch one node");
            }
            if (t.peers() == null) {
                problems.add("the sidecar of " + r.node() + " could not read system.peers_v2: the nodes it sees are unknown");
            }
            if (t.keyspaces() == null) {
                problems.add("the sidecar of " + r.node() + " could not read system_schema.keyspaces");
            }
            if (t.tokens().isEmpty()) {
                problems.add(r.node() + " owns no tokens (not joined yet?)");
            }
        }
        problems.addAll(peers(reports, byHost));
        problems.addAll(schema(reports));
        problems.addAll(keyspaces(reports));
        return problems;
    }

    /** Nodes seen but not reported, and views of a node that differ from its own report. */
    private static List<String> peers(List<RingReport> reports, Map<String, RingReport> byHost) {
        List<String> problems = new ArrayList<>();
        Map<String, Set<String>> unreported = new TreeMap<>();
        Map<String, String> addressOf = new TreeMap<>();
        for (RingReport seer : reports) {
            NodeTopology view = seer.topology().orElse(null);
            if (view == null || view.peers() == null) {
                continue;
            }
            Set<String> seen = new TreeSet<>();
            for (PeerTopology peer : view.peers()) {
                seen.add(peer.hostId());
                RingReport own = byHost.get(peer.hostId());
                if (own == null) {
                    unreported.computeIfAbsent(peer.hostId(), h -> new TreeSet<>()).add(seer.node().value());
                    if (peer.address() != null) {
                        addressOf.put(peer.hostId(), peer.address());
                    }
                    continue;
                }
                problems.addAll(differences(seer.node(), peer, own.node(), own.topology().orElseThrow()));
            }
            for (Map.Entry<String, RingReport> e : byHost.entrySet()) {
                if (!e.getKey().equals(view.hostId()) && !seen.contains(e.getKey())) {
                    problems.add(seer.node() + " does not see " + e.getValue().node() + " (host id " + e.getKey()
                            + ") among its peers, although that node's sidecar reports it in this cluster");
                }
            }
        }
        unreported.forEach((host, seers) -> problems.add("node " + addressOf.getOrDefault(host, "at an unknown address")
                + " (host id " + host + "), seen by " + String.join(", ", seers) + ", has no sidecar report: start its "
                + "sidecar, or remove the node from the ring"));
        return problems;
    }

    private static List<String> differences(NodeId seer, PeerTopology peer, NodeId node, NodeTopology own) {
        List<String> problems = new ArrayList<>();
        if (peer.dc() != null && !peer.dc().equals(own.dc())) {
            problems.add(seer + " sees " + node + " in DC " + peer.dc() + " but " + node + " reports DC " + own.dc());
        }
        if (peer.rack() != null && !peer.rack().equals(own.rack())) {
            problems.add(seer + " sees " + node + " in rack " + peer.rack() + " but " + node + " reports rack " + own.rack());
        }
        if (peer.tokens() != null && !peer.tokens().equals(own.tokens())) {
            Set<Long> onlySeen = new TreeSet<>(peer.tokens());
            onlySeen.removeAll(own.tokens());
            Set<Long> onlyOwn = new TreeSet<>(own.tokens());
            onlyOwn.removeAll(peer.tokens());
            problems.add(seer + " sees " + node + " owning " + peer.tokens().size() + " tokens but " + node + " reports "
                    + own.tokens().size() + " (" + onlySeen.size() + " seen only by " + seer + ", " + onlyOwn.size()
                    + " reported only by " + node + ")");
        }
        return problems;
    }

    private static List<String> schema(List<RingReport> reports) {
        Map<String, List<String>> nodesByVersion = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (RingReport r : reports) {
            if (r.schemaVersion().isEmpty()) {
                problems.add("the schema version of " + r.node() + " is unknown");
            } else {
                nodesByVersion.computeIfAbsent(r.schemaVersion().get(), v -> new ArrayList<>()).add(r.node().value());
            }
        }
        if (nodesByVersion.size() > 1) {
            problems.add("schema disagreement: " + nodesByVersion.size() + " schema versions " + nodesByVersion
                    + "; wait until the nodes agree (nodetool describecluster)");
        }
        return problems;
    }

    private static List<String> keyspaces(List<RingReport> reports) {
        Map<String, Map<String, List<String>>> variants = new TreeMap<>();
        for (RingReport r : reports) {
            List<KeyspaceSettings> list = r.topology().map(NodeTopology::keyspaces).orElse(null);
            if (list == null) {
                continue;
            }
            Set<String> names = new TreeSet<>();
            for (KeyspaceSettings ks : list) {
                names.add(ks.name());
                variants.computeIfAbsent(ks.name(), k -> new TreeMap<>())
                        .computeIfAbsent(describe(ks), d -> new ArrayList<>()).add(r.node().value());
            }
        }
        List<String> problems = new ArrayList<>();
        long reporting = reports.stream().filter(r -> r.topology().map(NodeTopology::keyspaces).isPresent()).count();
        variants.forEach((name, byVariant) -> {
            long holders = byVariant.values().stream().mapToLong(List::size).sum();
            if (byVariant.size() > 1 || holders != reporting) {
                problems.add("the sidecars disagree on keyspace " + name + ": " + byVariant
                        + (holders != reporting ? ", the others do not list it" : ""));
            }
        });
        return problems;
    }

    /** Seconds with one decimal, so that 15.4 s is not shown as "15 s, more than the 15 s allowed". */
    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f", d.toMillis() / 1000.0);
    }

    static String describe(KeyspaceSettings ks) {
        return ks.strategyName() + Objects.toString(ks.replication());
    }
}
