package dev.ctuner.advisor.core.safety;

import static dev.ctuner.advisor.core.safety.Reports.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.safety.Reports.Node;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.KeyspaceSettings;
import dev.ctuner.common.protocol.message.NodeTopology;
import dev.ctuner.common.protocol.message.PeerTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RingAssemblerTest {

    private static final Duration MAX_AGE = Duration.ofSeconds(30);
    private static final List<KeyspaceSettings> SHOP = List.of(Reports.nts("shop", Map.of("dc1", "3")),
            new KeyspaceSettings("system", Reports.LOCAL, Map.of()));

    private static RingAssembly assemble(List<RingReport> reports) {
        return RingAssembler.assemble(reports, ConsistencySettings.localQuorum(), MAX_AGE);
    }

    private static List<String> reasons(RingAssembly result) {
        assertThat(result).isInstanceOf(RingAssembly.Refused.class);
        return ((RingAssembly.Refused) result).reasons();
    }

    private static Ring ring(RingAssembly result) {
        assertThat(result).isInstanceOf(RingAssembly.Assembled.class);
        return ((RingAssembly.Assembled) result).ring();
    }

    @Test
    void agreeingReportsGiveTheRingInTokenOrderWithLocalStrategySkipped() {
        List<Node> nodes = Reports.singleTokens(3);
        RingAssembly result = assemble(Reports.agreeing(List.of(nodes.get(2), nodes.get(0), nodes.get(1)), SHOP));
        Ring ring = ring(result);
        assertThat(ring.nodeIds()).extracting(NodeId::value).containsExactly("10.0.0.1", "10.0.0.2", "10.0.0.3");
        assertThat(ring.keyspaces()).singleElement().satisfies(ks -> {
            assertThat(ks.name()).isEqualTo("shop");
            assertThat(ks.consistency()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
            assertThat(ks.ranges()).hasSize(3).allSatisfy(r -> assertThat(r.replicas()).hasSize(3));
        });
        assertThat(((RingAssembly.Assembled) result).skipped()).containsOnlyKeys("system");
        assertThat(((RingAssembly.Assembled) result).nodes().get(new NodeId("10.0.0.2")).hostId())
                .isEqualTo(nodes.get(1).hostId());
        // RF 3 at LOCAL_QUORUM on 3 single-token nodes: one node at a time (EUNOMIA: RF/(RF-CL) = 3 rounds)
        RolloutPlan plan = ((PlanResult.Planned) new SafeRoundPlanner().plan(PlanRequest.allNodes(ring))).plan();
        assertThat(plan.size()).isEqualTo(3);
    }

    @Test
    void noReportAtAllIsRefused() {
        assertThat(reasons(assemble(List.of()))).singleElement().asString().contains("no sidecar has reported");
    }

    @Test
    void aNodeThatOthersSeeButThatHasNoSidecarIsRefusedByName() {
        List<Node> nodes = Reports.singleTokens(3);
        List<RingReport> reports = Reports.agreeing(nodes, SHOP).subList(0, 2);
        assertThat(reasons(assemble(reports))).anySatisfy(r -> assertThat(r).contains("node 10.0.0.3")
                .contains(nodes.get(2).hostId()).contains("seen by 10.0.0.1, 10.0.0.2").contains("has no sidecar report"));
    }

    @Test
    void aStaleReportIsRefused() {
        List<Node> nodes = Reports.singleTokens(3);
        List<RingReport> reports = new ArrayList<>(Reports.agreeing(nodes, SHOP));
        RingReport old = reports.get(1);
        reports.set(1, new RingReport(old.node(), old.topology(), old.schemaVersion(), Duration.ofSeconds(95)));
        assertThat(reasons(assemble(reports))).singleElement().asString()
                .contains("10.0.0.2").contains("95.0 s ago").contains("30.0 s allowed");
    }

    @Test
    void aPeerViewOfTokensRackOrDcThatDiffersFromTheNodesOwnReportIsRefused() {
        List<Node> nodes = Reports.singleTokens(3);
        Node moved = new Node(nodes.get(2).id(), nodes.get(2).hostId(), "dc2", "rack9", List.of(5L, 6L));
        List<RingReport> reports = new ArrayList<>(Reports.agreeing(nodes, SHOP));
        List<PeerTopology> view = List.of(nodes.get(1).asPeer(), moved.asPeer());
        reports.set(0, Reports.report(nodes.get(0), view, SHOP, Duration.ofSeconds(1)));
        assertThat(reasons(assemble(reports))).containsExactlyInAnyOrder(
                "10.0.0.1 sees 10.0.0.3 in DC dc2 but 10.0.0.3 reports DC dc1",
                "10.0.0.1 sees 10.0.0.3 in rack rack9 but 10.0.0.3 reports rack rack1",
                "10.0.0.1 sees 10.0.0.3 owning 2 tokens but 10.0.0.3 reports 1 (2 seen only by 10.0.0.1, 1 reported only by 10.0.0.3)");
    }

    @Test
    void aReportedNodeThatAnotherDoesNotSeeIsRefused() {
        List<Node> nodes = Reports.singleTokens(3);
        List<RingReport> reports = new ArrayList<>(Reports.agreeing(nodes, SHOP));
        reports.set(0, Reports.report(nodes.get(0), List.of(nodes.get(1).asPeer()), SHOP, Duration.ofSeconds(1)));
        assertThat(reasons(assemble(reports))).singleElement().asString()
                .contains("10.0.0.1 does not see 10.0.0.3");
    }

    @Test
    void keyspaceReplicationThatDiffersBetweenReportsIsRefused() {
        List<Node> nodes = Reports.singleTokens(3);
        List<RingReport> reports = new ArrayList<>(Reports.agreeing(nodes, SHOP));
        List<PeerTopology> peers = List.of(nodes.get(0).asPeer(), nodes.get(2).asPeer());
        reports.set(1, Reports.report(nodes.get(1), peers, List.of(Reports.nts("shop", Map.of("dc1", "2")), SHOP.get(1)),
                Duration.ofSeconds(1)));
        assertThat(reasons(assemble(reports))).singleElement().asString()
                .contains("disagree on keyspace shop").contains("NetworkTopologyStrategy{dc1=2}=[10.0.0.2]");
    }

    @Test
    void schemaDisagreementIsRefused() {
        List<Node> nodes = Reports.singleTokens(2);
        List<RingReport> reports = new ArrayList<>(Reports.agreeing(nodes, SHOP));
        RingReport r = reports.get(1);
        reports.set(1, new RingReport(r.node(), r.topology(), Optional.of("11111111-2222-3333-4444-555555555555"), r.age()));
        assertThat(reasons(assemble(reports))).singleElement().asString()
                .contains("schema disagreement").contains(SCHEMA).contains("10.0.0.2");
    }

    @Test
    void aReportWithoutTopologyOrWithUnreadablePiecesIsRefused() {
        List<Node> nodes = Reports.singleTokens(2);
        RingReport bare = new RingReport(new NodeId(nodes.get(1).id()), Optional.empty(), Optional.of(SCHEMA), Duration.ZERO);
        RingReport blind = new RingReport(new NodeId(nodes.get(0).id()), Optional.of(new NodeTopology(nodes.get(0).hostId(),
                "dc1", "rack1", nodes.get(0).tokens(), null, null)), Optional.of(SCHEMA), Duration.ZERO);
        assertThat(reasons(assemble(List.of(blind, bare)))).containsExactlyInAnyOrder(
                "the sidecar of 10.0.0.2 reports no topology (it cannot read system.local, or it is older than the topology report)",
                "the sidecar of 10.0.0.1 could not read system.peers_v2: the nodes it sees are unknown",
                "the sidecar of 10.0.0.1 could not read system_schema.keyspaces");
    }

    @Test
    void aKeyspaceWithSeveralReplicasAndNoLevelIsRefusedByNameWhenThereIsNoDefault() {
        List<KeyspaceSettings> keyspaces = List.of(Reports.nts("shop", Map.of("dc1", "3")), Reports.simple("single", 1),
                Reports.simple("audit", 2));
        ConsistencySettings noDefault = new ConsistencySettings(Optional.empty(), Map.of("audit", ConsistencyLevel.ONE), Set.of());
        List<String> reasons = reasons(RingAssembler.assemble(Reports.agreeing(Reports.singleTokens(3), keyspaces), noDefault,
                MAX_AGE));
        assertThat(reasons).singleElement().asString().contains("keyspace shop").contains("has no consistency level")
                .contains("ctuner.advisor.consistency.keyspaces.shop");
    }

    @Test
    void aKeyspaceWithOneReplicaNeedsThatReplicaWhateverTheLevelSoARestartIsRefused() {
        List<KeyspaceSettings> keyspaces = List.of(Reports.simple("single", 1));
        for (ConsistencySettings settings : List.of(ConsistencySettings.localQuorum(),
                new ConsistencySettings(Optional.empty(), Map.of(), Set.of()),
                new ConsistencySettings(Optional.of(ConsistencyLevel.ONE), Map.of(), Set.of()))) {
            Ring ring = ring(RingAssembler.assemble(Reports.agreeing(Reports.singleTokens(3), keyspaces), settings, MAX_AGE));
            PlanResult plan = new SafeRoundPlanner().plan(PlanRequest.allNodes(ring));
            assertThat(plan).as("settings %s", settings).isInstanceOf(PlanResult.Refused.class);
            assertThat(((PlanResult.Refused) plan).reasons()).anySatisfy(r -> assertThat(r).contains("keyspace single"));
        }
    }

    @Test
    void ignoredKeyspacesAndUnknownStrategies() {
        List<KeyspaceSettings> keyspaces = List.of(Reports.simple("system_traces", 1),
                new KeyspaceSettings("odd", "com.example.OddStrategy", Map.of("x", "1")));
        List<RingReport> reports = Reports.agreeing(Reports.singleTokens(3), keyspaces);
        ConsistencySettings ignoreTraces = new ConsistencySettings(Optional.of(ConsistencyLevel.LOCAL_QUORUM), Map.of(),
                Set.of("system_traces"));
        assertThat(reasons(RingAssembler.assemble(reports, ignoreTraces, MAX_AGE))).singleElement().asString()
                .contains("keyspace odd uses com.example.OddStrategy").contains("ignored-keyspaces");
        ConsistencySettings ignoreBoth = new ConsistencySettings(Optional.of(ConsistencyLevel.LOCAL_QUORUM), Map.of(),
                Set.of("system_traces", "odd"));
        RingAssembly.Assembled ok = (RingAssembly.Assembled) RingAssembler.assemble(reports, ignoreBoth, MAX_AGE);
        assertThat(ok.ring().keyspaces()).isEmpty();
        assertThat(ok.skipped()).containsOnlyKeys("system_traces", "odd");
    }

    @Test
    void simpleStrategyAcrossDcsWithADcLocalLevelIsRefusedButAGlobalLevelWorks() {
        List<Node> nodes = List.of(Node.of(0, "dc1", "r1", List.of(0L)), Node.of(1, "dc2", "r1", List.of(100L)),
                Node.of(2, "dc1", "r1", List.of(200L)), Node.of(3, "dc2", "r1", List.of(300L)));
        List<RingReport> reports = Reports.agreeing(nodes, List.of(Reports.simple("shop", 3)));
        assertThat(reasons(assemble(reports))).singleElement().asString().contains("SimpleStrategy across DCs [dc1, dc2]");
        ConsistencySettings quorum = new ConsistencySettings(Optional.of(ConsistencyLevel.QUORUM), Map.of(), Set.of());
        Ring ring = ring(RingAssembler.assemble(reports, quorum, MAX_AGE));
        // SimpleStrategy: the next 3 distinct nodes clockwise, DCs and racks ignored
        assertThat(ring.keyspaces().get(0).ranges().get(0).replicas()).extracting(NodeId::value)
                .containsExactly("10.0.0.1", "10.0.0.2", "10.0.0.3");
        assertThat(ring.keyspaces().get(0).rfPerDc()).containsOnlyKeys(RingAssembler.ALL_DCS);
    }

    @Test
    void everywhereStrategyPutsAReplicaOnEveryNode() {
        List<RingReport> reports = Reports.agreeing(Reports.singleTokens(4),
                List.of(new KeyspaceSettings("dse_system", "org.apache.cassandra.locator.EverywhereStrategy", Map.of())));
        KeyspaceReplication ks = ring(assemble(reports)).keyspaces().get(0);
        assertThat(ks.rfPerDc()).containsEntry("dc1", 4);
        assertThat(ks.ranges()).singleElement().satisfies(r -> assertThat(r.replicas()).hasSize(4));
    }

    @Test
    void twoSidecarsOnOneNodeAndUnparsableReplicationAreRefused() {
        Node a = Node.of(0, "dc1", "r1", List.of(1L));
        Node twin = new Node("10.0.0.9", a.hostId(), "dc1", "r1", List.of(2L));
        List<KeyspaceSettings> ks = List.of(Reports.nts("shop", Map.of("dc1", "3/1")));
        List<RingReport> reports = List.of(Reports.report(a, List.of(), ks, Duration.ZERO),
                Reports.report(twin, List.of(), ks, Duration.ZERO));
        assertThat(reasons(assemble(reports))).anySatisfy(r -> assertThat(r).contains("both report host id"));
        assertThat(reasons(assemble(List.of(reports.get(0))))).singleElement().asString().contains("dc1=3/1");
    }
}
