package dev.ctuner.advisor.core.safety;

import static dev.ctuner.advisor.core.safety.Rings.id;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.NodeId;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SafeRoundPlannerTest {

    private final SafeRoundPlanner planner = new SafeRoundPlanner();

    private RolloutPlan planned(PlanRequest request) {
        PlanResult result = planner.plan(request);
        assertThat(result).isInstanceOf(PlanResult.Planned.class);
        return ((PlanResult.Planned) result).plan();
    }

    /** EUNOMIA section 5.6: a single-token ring of N = RF nodes needs RF/(RF−CL) rounds (rounded up). */
    @ParameterizedTest(name = "RF {0} at {1}")
    @CsvSource({"2,ONE", "3,ONE", "3,TWO", "3,QUORUM", "4,ONE", "4,TWO", "4,THREE", "4,QUORUM", "5,ONE", "5,TWO",
            "5,THREE", "5,QUORUM", "6,QUORUM", "7,QUORUM", "7,ONE"})
    void singleTokenRingOfRfNodesNeedsRfOverRfMinusClRounds(int rf, ConsistencyLevel cl) {
        int live = cl.requirement(Map.of("dc1", rf)).total();
        int expected = (rf + (rf - live) - 1) / (rf - live);
        RolloutPlan plan = planned(PlanRequest.allNodes(Rings.singleToken(rf, rf, cl)));
        assertThat(plan.size()).isEqualTo(expected);
        assertThat(plan.optimal()).isTrue();
    }

    /** The same count holds for any N that RF divides, exactly and with the heuristic (EUNOMIA: independent of N). */
    @ParameterizedTest(name = "N {0}, RF {1} at {2}")
    @CsvSource({"6,3,QUORUM,3", "9,3,QUORUM,3", "12,3,ONE,2", "12,4,QUORUM,4", "30,3,QUORUM,3", "30,3,ONE,2",
            "40,5,QUORUM,3", "48,4,ONE,2", "60,3,TWO,3"})
    void singleTokenRingsWhereRfDividesNKeepTheSameRoundCount(int n, int rf, ConsistencyLevel cl, int rounds) {
        RolloutPlan plan = planned(PlanRequest.allNodes(Rings.singleToken(n, rf, cl)));
        assertThat(plan.size()).isEqualTo(rounds);
        assertThat(plan.method()).isEqualTo(n <= 12 ? PlanMethod.EXACT : PlanMethod.GREEDY);
    }

    @Test
    void capacityLimitsAreNotPairwiseConflicts() {
        // RF 5 at QUORUM (3): any two of the five may be down, no three; pairwise colouring would say one round
        Ring ring = Rings.singleToken(5, 5, ConsistencyLevel.QUORUM);
        AvailabilityConstraints constraints = AvailabilityConstraints.of(ring, new HashSet<>(ring.nodeIds()));
        assertThat(constraints.isSafe(Set.of(id("n00"), id("n01")))).isTrue();
        assertThat(constraints.isSafe(Set.of(id("n00"), id("n02")))).isTrue();
        assertThat(constraints.isSafe(Set.of(id("n01"), id("n02")))).isTrue();
        assertThat(constraints.violations(Set.of(id("n00"), id("n01"), id("n02"))))
                .singleElement().asString().contains("needs QUORUM: 3 of 5").contains("(3 would be down)");
        assertThat(planned(PlanRequest.allNodes(ring)).size()).isEqualTo(3);
    }

    @ParameterizedTest(name = "RF {0} at {1}")
    @CsvSource({"3,ALL", "1,ONE", "2,QUORUM", "3,THREE", "1,LOCAL_QUORUM"})
    void rfEqualToClIsRefusedWithAReason(int rf, ConsistencyLevel cl) {
        PlanResult result = planner.plan(PlanRequest.allNodes(Rings.singleToken(4, rf, cl)));
        assertThat(result).isInstanceOf(PlanResult.Refused.class);
        List<String> reasons = ((PlanResult.Refused) result).reasons();
        assertThat(reasons.get(0)).contains("RF = CL").contains("aggressive");
        assertThat(reasons.get(1)).contains("keyspace ks range").contains("needs " + cl).contains("at most 0 may be down");
    }

    @Test
    void aggressiveTakesOneNodeAtATimeAndFlagsEveryRound() {
        RolloutPlan plan = planned(PlanRequest.allNodes(Rings.singleToken(4, 3, ConsistencyLevel.ALL)).withAggressive());
        assertThat(plan.aggressive()).isTrue();
        assertThat(plan.rounds()).hasSize(4).allSatisfy(r -> {
            assertThat(r.nodes()).hasSize(1);
            assertThat(r.isSafe()).isFalse();
            assertThat(r.availabilityRisks()).allSatisfy(risk -> assertThat(risk).contains("needs ALL"));
        });
    }

    @Test
    void canaryFirstPutsOneNodeAloneFirstWithoutWastingARound() {
        Ring ring = Rings.singleToken(3, 3, ConsistencyLevel.QUORUM);
        RolloutPlan plan = planned(PlanRequest.allNodes(ring).withCanaryFirst());
        assertThat(plan.size()).isEqualTo(3);
        assertThat(plan.rounds().get(0).canary()).isTrue();
        assertThat(plan.rounds().get(0).nodes()).hasSize(1);
        assertThat(plan.rounds().get(1).canary()).isFalse();

        RolloutPlan chosen = planned(PlanRequest.allNodes(ring).withCanary(id("n02")));
        assertThat(chosen.rounds().get(0).nodes()).containsExactly(id("n02"));
    }

    @Test
    void canaryFirstCostsARoundWhenNoRoundIsASingleNode() {
        // RF 3 at ONE over 6 nodes: two rounds of three; a canary makes it three
        RolloutPlan plan = planned(PlanRequest.allNodes(Rings.singleToken(6, 3, ConsistencyLevel.ONE)).withCanaryFirst());
        assertThat(plan.size()).isEqualTo(3);
        assertThat(plan.rounds().get(0).nodes()).hasSize(1);
    }

    @Test
    void localQuorumIsHeldInEveryDcSoEachRoundTakesOneNodePerDc() {
        Ring ring = Rings.racked(2, 1, 3, 3, ConsistencyLevel.LOCAL_QUORUM);
        RolloutPlan plan = planned(PlanRequest.allNodes(ring));
        assertThat(plan.size()).isEqualTo(3);
        assertThat(plan.rounds()).allSatisfy(r -> assertThat(r.nodes()).hasSize(2));
    }

    @Test
    void globalQuorumOverTwoDcsToleratesTwoOfSixReplicas() {
        Ring ring = Rings.racked(2, 1, 3, 3, ConsistencyLevel.QUORUM);
        assertThat(planned(PlanRequest.allNodes(ring)).size()).isEqualTo(3);
        Ring localOne = Rings.racked(2, 1, 3, 3, ConsistencyLevel.LOCAL_ONE);
        assertThat(planned(PlanRequest.allNodes(localOne)).size()).isEqualTo(2);
    }

    @Test
    void largeRackedRingRollsRackAtATime() {
        // 3 racks x 10 nodes, NTS puts one replica per rack: a whole rack down leaves 2 of 3 live
        Ring ring = Rings.racked(1, 3, 10, 3, ConsistencyLevel.QUORUM);
        RolloutPlan plan = planned(PlanRequest.allNodes(ring));
        assertThat(plan.method()).isEqualTo(PlanMethod.RACK_AT_A_TIME);
        assertThat(plan.size()).isEqualTo(3);
        assertThat(plan.optimal()).isTrue();
        assertThat(plan.rounds()).allSatisfy(r -> assertThat(r.nodes()).hasSize(10)
                .allSatisfy(n -> assertThat(n.value()).contains("r" + r.nodes().get(0).value().charAt(3))));
    }

    @Test
    void onlyTheRequestedNodesArePlannedAndUnknownOnesAreRefused() {
        Ring ring = Rings.singleToken(6, 3, ConsistencyLevel.QUORUM);
        RolloutPlan plan = planned(PlanRequest.allNodes(ring).withNodes(List.of(id("n00"), id("n03"))));
        assertThat(plan.size()).isEqualTo(1);

        PlanResult refused = planner.plan(PlanRequest.allNodes(ring).withNodes(List.of(id("x"), id("n00"), id("n00"))));
        assertThat(((PlanResult.Refused) refused).reasons())
                .containsExactly("node x is not in the ring", "node n00 is listed twice");
    }

    @Test
    void samePlanForTheSameInput() {
        Ring ring = Rings.racked(2, 3, 4, 3, ConsistencyLevel.LOCAL_QUORUM);
        assertThat(planned(PlanRequest.allNodes(ring))).isEqualTo(planned(PlanRequest.allNodes(ring)));
    }

    @Test
    void placementPutsReplicasOnDistinctRacks() {
        Ring ring = Rings.racked(1, 3, 4, 3, ConsistencyLevel.ONE);
        for (RangeReplicas range : ring.keyspaces().get(0).ranges()) {
            Set<String> racks = new HashSet<>();
            for (NodeId replica : range.replicas()) {
                racks.add(ring.node(replica).orElseThrow().rack());
            }
            assertThat(racks).hasSize(3);
        }
    }
}
