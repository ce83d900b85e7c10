package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.KeyspaceSettings;
import dev.ctuner.common.protocol.message.NodeTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the safety planner's {@link Ring} from what the sidecars report, never from what an
 * operator types: the nodes with their DC, rack and tokens (vnodes included), and each keyspace's
 * replicas placed as its strategy places them, held to the consistency level the operator
 * configured for it. Refuses, with every reason, when the reports do not describe one complete,
 * fresh, agreed ring ({@link ReportAgreement}) or a keyspace cannot be judged.
 *
 * <p>Per strategy: NetworkTopologyStrategy and SimpleStrategy are placed as Cassandra places them;
 * EverywhereStrategy puts a replica on every node (RF = nodes per DC); LocalStrategy keyspaces
 * ({@code system}, {@code system_schema}) are skipped: each node keeps its own copy that no other
 * node serves, so a restart takes away only what the restarted node itself serves. A keyspace
 * with one replica in all needs that replica whatever the level, so it gets ONE when no level is
 * configured, and a restart of its replica is refused by the planner unless the rollout is aggressive.
 *
 * <pre>{@code
 * RingAssembly result = RingAssembler.assemble(reports, ConsistencySettings.localQuorum(), Duration.ofSeconds(30));
 * }</pre>
 */
public final class RingAssembler {

    /** Where SimpleStrategy's RF is listed when its replicas span several DCs: one total, not per DC. */
    public static final String ALL_DCS = "*";

    private static final Set<ConsistencyLevel> DC_LOCAL =
            EnumSet.of(ConsistencyLevel.LOCAL_QUORUM, ConsistencyLevel.LOCAL_ONE, ConsistencyLevel.EACH_QUORUM);

    private RingAssembler() {
    }

    public static RingAssembly assemble(List<RingReport> reports, ConsistencySettings settings, Duration maxAge) {
        List<String> problems = ReportAgreement.check(reports, maxAge);
        if (!problems.isEmpty()) {
            return new RingAssembly.Refused(problems);
        }
        List<RingReport> ordered = new ArrayList<>(reports);
        ordered.sort(Comparator.comparing((RingReport r) -> topology(r).tokens().get(0)));
        List<RingNode> nodes = new ArrayList<>();
        Map<NodeId, List<Long>> tokens = new LinkedHashMap<>();
        Map<NodeId, RingAssembly.NodeFacts> facts = new LinkedHashMap<>();
        for (RingReport r : ordered) {
            NodeTopology t = topology(r);
            nodes.add(new RingNode(r.node(), t.dc(), t.rack()));
            tokens.put(r.node(), t.tokens());
            facts.put(r.node(), new RingAssembly.NodeFacts(t.hostId(), t.tokens()));
        }
        Set<Long> seen = new TreeSet<>();
        tokens.forEach((node, owned) -> owned.forEach(token -> {
            if (!seen.add(token)) {
                problems.add("token " + token + " is reported by two nodes, one of them " + node);
            }
        }));
        if (!problems.isEmpty()) {
            return new RingAssembly.Refused(problems);
        }
        List<KeyspaceReplication> keyspaces = new ArrayList<>();
        Map<String, String> skipped = new TreeMap<>();
        for (KeyspaceSettings ks : topology(ordered.get(0)).keyspaces()) {
            if (settings.ignored().contains(ks.name())) {
                skipped.put(ks.name(), "listed in the ignored keyspaces");
                continue;
            }
            keyspace(ks, nodes, tokens, settings, problems, skipped).ifPresent(keyspaces::add);
        }
        if (!problems.isEmpty()) {
            return new RingAssembly.Refused(problems);
        }
        return new RingAssembly.Assembled(new Ring(nodes, keyspaces), facts, skipped);
    }

    private static NodeTopology topology(RingReport r) {
        return r.topology().orElseThrow();
    }

    private static Optional<KeyspaceReplication> keyspace(KeyspaceSettings ks, List<RingNode> nodes,
                                                          Map<NodeId, List<Long>> tokens, ConsistencySettings settings,
                                                          List<String> problems, Map<String, String> skipped) {
        Set<String> dcs = new TreeSet<>(nodes.stream().map(RingNode::dc).toList());
        Map<String, Integer> rfPerDc = new TreeMap<>();
        List<RangeReplicas> ranges;
        switch (ks.strategyName()) {
            case "LocalStrategy" -> {
                skipped.put(ks.name(), "LocalStrategy: each node keeps its own copy, which no other node serves");
                return Optional.empty();
            }
            case "NetworkTopologyStrategy" -> {
                for (Map.Entry<String, String> e : ks.replication().entrySet()) {
                    Optional<Integer> rf = replicationFactor(ks, e.getKey(), e.getValue(), problems);
                    if (rf.isEmpty()) {
                        return Optional.empty();
                    }
                    rfPerDc.put(e.getKey(), rf.get());
                }
                ranges = null; // placed below, once the DCs that count are known
            }
            case "SimpleStrategy" -> {
                String rfText = ks.replication().get("replication_factor");
                Optional<Integer> rf = rfText == null ? Optional.empty()
                        : replicationFactor(ks, "replication_factor", rfText, problems);
                if (rf.isEmpty()) {
                    if (rfText == null) {
                        problems.add("keyspace " + ks.name() + " uses SimpleStrategy without a replication_factor");
                    }
                    return Optional.empty();
                }
                rfPerDc.put(dcs.size() == 1 ? dcs.iterator().next() : ALL_DCS, rf.get());
                ranges = ReplicaPlacement.placeSimple(tokens, rf.get());
            }
            case "EverywhereStrategy" -> {
                nodes.forEach(n -> rfPerDc.merge(n.dc(), 1, Integer::sum));
                ranges = List.of(new RangeReplicas("(everywhere)", nodes.stream().map(RingNode::id).toList()));
            }
            default -> {
                problems.add("keyspace " + ks.name() + " uses " + ks.strategy() + ", whose replica placement the advisor "
                        + "does not know; list it in ctuner.advisor.consistency.ignored-keyspaces if its availability "
                        + "during a rollout does not matter");
                return Optional.empty();
            }
        }
        int total = rfPerDc.values().stream().mapToInt(Integer::intValue).sum();
        Optional<ConsistencyLevel> configured = settings.levelOf(ks.name());
        if (configured.isEmpty() && total > 1) {
            problems.add("keyspace " + ks.name() + " (" + ks.strategyName() + " " + rfPerDc + ") has no consistency level: set "
                    + "ctuner.advisor.consistency.keyspaces." + ks.name() + " or ctuner.advisor.consistency.default");
            return Optional.empty();
        }
        // One replica in all: that replica is needed whatever the level; ONE says so without assuming more.
        ConsistencyLevel level = configured.orElse(ConsistencyLevel.ONE);
        if (rfPerDc.containsKey(ALL_DCS) && DC_LOCAL.contains(level)) {
            problems.add("keyspace " + ks.name() + " uses SimpleStrategy across DCs " + dcs + " but is read at " + level
                    + ", which counts replicas per DC that SimpleStrategy does not place per DC; switch it to "
                    + "NetworkTopologyStrategy or configure a level such as QUORUM or ONE for it");
            return Optional.empty();
        }
        if (DC_LOCAL.contains(level) && level != ConsistencyLevel.EACH_QUORUM) {
            // No client coordinates in a DC without nodes: only the ring's DCs bind a DC-local level.
            rfPerDc.keySet().removeIf(dc -> !dcs.contains(dc) && !dc.equals(ALL_DCS));
        }
        if (rfPerDc.values().stream().mapToInt(Integer::intValue).sum() == 0) {
            skipped.put(ks.name(), "no replicas in the DCs of this ring " + dcs);
            return Optional.empty();
        }
        if (ranges == null) {
            ranges = ReplicaPlacement.place(nodes, tokens, rfPerDc);
        }
        return Optional.of(new KeyspaceReplication(ks.name(), rfPerDc, level, ranges));
    }

    private static Optional<Integer> replicationFactor(KeyspaceSettings ks, String key, String text, List<String> problems) {
        try {
            int rf = Integer.parseInt(text.trim());
            if (rf >= 0) {
                return Optional.of(rf);
            }
        } catch (NumberFormatException e) {
            // below
        }
        problems.add("keyspace " + ks.name() + " has replication " + key + "=" + text + ", which is not a whole number of "
                + "replicas (transient replication is not supported)");
        return Optional.empty();
    }
}
