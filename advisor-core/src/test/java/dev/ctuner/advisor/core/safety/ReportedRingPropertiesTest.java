package dev.ctuner.advisor.core.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.safety.Reports.Node;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.KeyspaceSettings;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Rings as sidecars report them (16 and 256 vnodes per node with random tokens, several DCs and
 * racks, NetworkTopologyStrategy and SimpleStrategy keyspaces, random consistency levels): the
 * assembled ring never gives the planner a round in which some range of some keyspace keeps fewer
 * live replicas than its level needs. The check places replicas and counts live ones by its own
 * code, from the reports and the settings, not from the Ring the assembler built. Seeded loops, no
 * jqwik (see {@link SafeRoundPlannerPropertiesTest}).
 */
class ReportedRingPropertiesTest {

    private static final Duration MAX_AGE = Duration.ofSeconds(30);
    private static final ConsistencyLevel[] LEVELS = ConsistencyLevel.values();
    private static final List<ConsistencyLevel> GLOBAL = List.of(ConsistencyLevel.ONE, ConsistencyLevel.TWO,
            ConsistencyLevel.QUORUM, ConsistencyLevel.ALL);

    static Stream<Arguments> cases() {
        return Stream.of(16, 256).flatMap(v -> IntStream.range(0, v == 16 ? 60 : 25).mapToObj(i -> Arguments.of(v, 104_729L * i + v)));
    }

    /** A generated cluster: reports and the settings the operator would give. */
    record Case(List<Node> nodes, List<KeyspaceSettings> keyspaces, ConsistencySettings settings) {
    }

    static Case generate(int vnodes, long seed) {
        Random random = new Random(seed);
        int dcs = 1 + random.nextInt(3);
        int n = dcs + random.nextInt(vnodes == 16 ? 9 : 6);
        List<Node> nodes = Reports.random(random, n, dcs, 1 + random.nextInt(4), vnodes);
        List<KeyspaceSettings> keyspaces = new ArrayList<>();
        Map<String, ConsistencyLevel> levels = new TreeMap<>();
        int count = 1 + random.nextInt(3);
        for (int k = 0; k < count; k++) {
            String name = "ks" + k;
            if (random.nextInt(3) == 0) {
                keyspaces.add(Reports.simple(name, 1 + random.nextInt(4)));
                levels.put(name, dcs == 1 ? LEVELS[random.nextInt(LEVELS.length)] : GLOBAL.get(random.nextInt(GLOBAL.size())));
            } else {
                Map<String, String> rf = new TreeMap<>();
                for (int d = 0; d < dcs; d++) {
                    rf.put("dc" + d, String.valueOf(random.nextInt(5)));
                }
                rf.put("dc0", String.valueOf(1 + random.nextInt(4)));
                keyspaces.add(Reports.nts(name, rf));
                levels.put(name, LEVELS[random.nextInt(LEVELS.length)]);
            }
        }
        return new Case(nodes, keyspaces, new ConsistencySettings(Optional.empty(), levels, Set.of()));
    }

    @ParameterizedTest(name = "{0} vnodes, seed {1}")
    @MethodSource("cases")
    void noRoundLeavesAnyRangeBelowItsLevel(int vnodes, long seed) {
        Case c = generate(vnodes, seed);
        RingAssembly assembly = RingAssembler.assemble(Reports.agreeing(c.nodes(), c.keyspaces()), c.settings(), MAX_AGE);
        assertThat(assembly).as("agreeing reports of seed %d", seed).isInstanceOf(RingAssembly.Assembled.class);
        Ring ring = ((RingAssembly.Assembled) assembly).ring();
        assertThat(ring.nodes()).hasSize(c.nodes().size());
        Oracle oracle = new Oracle(c);
        if (!oracle.servable(Set.of())) {
            return; // not even every node up meets the levels: nothing a rollout could keep
        }
        PlanResult result = new SafeRoundPlanner().plan(PlanRequest.allNodes(ring).withCanaryFirst());
        boolean someNodeCannotGoDownAlone = c.nodes().stream().anyMatch(n -> !oracle.servable(Set.of(n.id())));
        if (result instanceof PlanResult.Refused refused) {
            assertThat(someNodeCannotGoDownAlone).as("refused without cause (seed %d): %s", seed, refused.reasons()).isTrue();
            return;
        }
        assertThat(someNodeCannotGoDownAlone).as("seed %d planned although a node cannot go down alone", seed).isFalse();
        RolloutPlan plan = ((PlanResult.Planned) result).plan();
        for (Round round : plan.rounds()) {
            Set<String> down = new HashSet<>(round.nodes().stream().map(NodeId::value).toList());
            assertThat(oracle.servable(down)).as("seed %d round %s", seed, down).isTrue();
        }
        assertThat(plan.nodes()).hasSameSizeAs(c.nodes());
    }

    /** Without this, the property above could hold by refusing or by single-node rounds only. */
    @Test
    void theGeneratedRingsPlanMultiNodeRoundsAndRefuseOften() {
        int multi = 0;
        int refused = 0;
        for (Arguments a : cases().toList()) {
            Case c = generate((Integer) a.get()[0], (Long) a.get()[1]);
            Ring ring = ((RingAssembly.Assembled) RingAssembler.assemble(Reports.agreeing(c.nodes(), c.keyspaces()),
                    c.settings(), MAX_AGE)).ring();
            PlanResult result = new SafeRoundPlanner().plan(PlanRequest.allNodes(ring));
            if (result instanceof PlanResult.Planned p && p.plan().rounds().stream().anyMatch(r -> r.nodes().size() > 1)) {
                multi++;
            } else if (result instanceof PlanResult.Refused) {
                refused++;
            }
        }
        assertThat(multi).isGreaterThan(10);
        assertThat(refused).isGreaterThan(10);
    }

    /** Cassandra's placement and levels, written from their definitions, apart from the production code. */
    static final class Oracle {
        private final Map<String, Node> byId = new HashMap<>();
        private final List<Check> checks = new ArrayList<>();

        record Check(List<String> replicas, ConsistencyLevel level, Map<String, Integer> rf, boolean simple) {
        }

        Oracle(Case c) {
            c.nodes().forEach(n -> byId.put(n.id(), n));
            TreeMap<Long, String> owners = new TreeMap<>();
            c.nodes().forEach(n -> n.tokens().forEach(t -> owners.put(t, n.id())));
            List<String> clockwise = new ArrayList<>(owners.values());
            for (KeyspaceSettings ks : c.keyspaces()) {
                ConsistencyLevel level = c.settings().perKeyspace().get(ks.name());
                boolean simple = ks.strategy().endsWith("SimpleStrategy");
                Map<String, Integer> rf = new TreeMap<>();
                ks.replication().forEach((k, v) -> rf.put(k, Integer.parseInt(v)));
                for (int i = 0; i < clockwise.size(); i++) {
                    List<String> walk = new ArrayList<>(clockwise.subList(i, clockwise.size()));
                    walk.addAll(clockwise.subList(0, i));
                    checks.add(new Check(simple ? simple(walk, rf.get("replication_factor")) : nts(walk, rf), level, rf, simple));
                }
            }
        }

        private static List<String> simple(List<String> walk, int rf) {
            return new ArrayList<>(new LinkedHashSet<>(walk)).subList(0, Math.min(rf, new HashSet<>(walk).size()));
        }

        private List<String> nts(List<String> walk, Map<String, Integer> rf) {
            List<String> replicas = new ArrayList<>();
            for (Map.Entry<String, Integer> dc : rf.entrySet()) {
                Set<String> dcNodes = new LinkedHashSet<>();
                Set<String> racks = new HashSet<>();
                for (String id : walk) {
                    if (byId.get(id).dc().equals(dc.getKey())) {
                        dcNodes.add(id);
                        racks.add(byId.get(id).rack());
                    }
                }
                int wanted = Math.min(dc.getValue(), dcNodes.size());
                List<String> chosen = new ArrayList<>();
                Set<String> seenRacks = new HashSet<>();
                Deque<String> skipped = new ArrayDeque<>();
                for (String id : walk) {
                    Node node = byId.get(id);
                    if (chosen.size() >= wanted || !node.dc().equals(dc.getKey()) || chosen.contains(id)) {
                        continue;
                    }
                    if (seenRacks.size() == racks.size()) {
                        chosen.add(id);
                    } else if (seenRacks.contains(node.rack())) {
                        if (!skipped.contains(id)) {
                            skipped.add(id);
                        }
                    } else {
                        chosen.add(id);
                        seenRacks.add(node.rack());
                        while (seenRacks.size() == racks.size() && !skipped.isEmpty() && chosen.size() < wanted) {
                            chosen.add(skipped.poll());
                        }
                    }
                }
                replicas.addAll(chosen);
            }
            return replicas;
        }

        boolean servable(Set<String> down) {
            for (Check check : checks) {
                Map<String, Integer> live = new HashMap<>();
                int liveTotal = 0;
                for (String r : check.replicas()) {
                    if (!down.contains(r)) {
                        live.merge(byId.get(r).dc(), 1, Integer::sum);
                        liveTotal++;
                    }
                }
                int rfTotal = check.rf().values().stream().mapToInt(Integer::intValue).sum();
                boolean ok = switch (check.level()) {
                    case ONE -> liveTotal >= 1;
                    case TWO -> liveTotal >= 2;
                    case THREE -> liveTotal >= 3;
                    case QUORUM -> liveTotal >= rfTotal / 2 + 1;
                    case ALL -> liveTotal >= rfTotal;
                    // SimpleStrategy in one DC: a DC-local level counts that DC's replicas, which are all of them
                    case LOCAL_ONE -> check.simple() ? liveTotal >= 1 : everyDc(check, live, false);
                    case LOCAL_QUORUM, EACH_QUORUM -> check.simple() ? liveTotal >= rfTotal / 2 + 1 : everyDc(check, live, true);
                };
                if (!ok) {
                    return false;
                }
            }
            return true;
        }

        private boolean everyDc(Check check, Map<String, Integer> live, boolean quorum) {
            for (Map.Entry<String, Integer> dc : check.rf().entrySet()) {
                boolean dcHasNodes = byId.values().stream().anyMatch(n -> n.dc().equals(dc.getKey()));
                // a DC-local level binds only DCs where clients can connect; EACH_QUORUM binds every DC with replicas
                boolean binds = dc.getValue() > 0 && (dcHasNodes || check.level() == ConsistencyLevel.EACH_QUORUM);
                int need = quorum ? dc.getValue() / 2 + 1 : 1;
                if (binds && live.getOrDefault(dc.getKey(), 0) < need) {
                    return false;
                }
            }
            return true;
        }
    }
}
