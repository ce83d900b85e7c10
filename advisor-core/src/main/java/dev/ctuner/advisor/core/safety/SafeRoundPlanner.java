package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Splits the nodes to change into the fewest rounds whose nodes may be down together without any
 * keyspace losing its consistency level (EUNOMIA section 5.6: at most RF − CL replicas of any range
 * down at once, which on a single-token ring of RF nodes gives ⌈RF/(RF−CL)⌉ rounds). Exhaustive up
 * to {@link PlanRequest#exactUpTo()} nodes, rack-at-a-time or greedy beyond; every round of a
 * non-aggressive plan is checked safe before the plan is returned. Pure: same input, same plan.
 *
 * <pre>{@code
 * PlanResult result = new SafeRoundPlanner().plan(PlanRequest.allNodes(ring).withCanaryFirst());
 * }</pre>
 */
public final class SafeRoundPlanner {

    private static final int MAX_REASONS = 10;

    public PlanResult plan(PlanRequest request) {
        Ring ring = request.ring();
        List<String> problems = checkNodes(request);
        if (!problems.isEmpty()) {
            return new PlanResult.Refused(problems);
        }
        Set<NodeId> changing = new HashSet<>(request.nodes());
        AvailabilityConstraints constraints = AvailabilityConstraints.of(ring, changing);
        List<DownLimit> noTolerance = constraints.zeroTolerance();
        if (!noTolerance.isEmpty() && !request.aggressive()) {
            return new PlanResult.Refused(refusal(noTolerance));
        }
        AvailabilityConstraints effective = noTolerance.isEmpty() ? constraints : constraints.relaxedToOneAtATime();
        // ring order, so that plans follow the token ring and are stable
        List<NodeId> ordered = ring.nodeIds().stream().filter(changing::contains).toList();
        LimitIndex index = new LimitIndex(ordered, effective.limits());
        boolean exact = ordered.size() <= request.exactUpTo();
        PlanMethod method;
        List<List<NodeId>> rounds;
        if (exact) {
            ExactRoundSolver solver = new ExactRoundSolver(index);
            rounds = (request.canaryFirst() ? solver.solveWithCanary(request.canary()) : solver.solve())
                    .orElseThrow(() -> new IllegalStateException("a node cannot go down alone after relaxing"));
            method = PlanMethod.EXACT;
        } else {
            GreedyRoundSolver greedy = new GreedyRoundSolver(index, ring);
            List<List<NodeId>> byRack = greedy.byRack();
            List<List<NodeId>> byNode = greedy.byNode();
            boolean rackWins = !byRack.isEmpty() && byRack.size() <= byNode.size();
            rounds = rackWins ? byRack : byNode;
            method = rackWins ? PlanMethod.RACK_AT_A_TIME : PlanMethod.GREEDY;
            if (request.canaryFirst()) {
                rounds = withCanary(rounds, request.canary());
            }
        }
        int lowerBound = effective.roundsLowerBound();
        return new PlanResult.Planned(new RolloutPlan(toRounds(rounds, request, constraints), method,
                exact || rounds.size() == lowerBound, lowerBound, !noTolerance.isEmpty()));
    }

    private static List<String> checkNodes(PlanRequest request) {
        List<String> problems = new ArrayList<>();
        if (request.nodes().isEmpty()) {
            problems.add("no nodes to change");
        }
        Set<NodeId> known = new HashSet<>(request.ring().nodeIds());
        Set<NodeId> seen = new HashSet<>();
        for (NodeId id : request.nodes()) {
            if (!known.contains(id)) {
                problems.add("node " + id + " is not in the ring");
            }
            if (!seen.add(id)) {
                problems.add("node " + id + " is listed twice");
            }
        }
        request.canary().ifPresent(c -> {
            if (!seen.contains(c)) {
                problems.add("canary " + c + " is not one of the nodes to change");
            }
        });
        return problems;
    }

    private static List<String> refusal(List<DownLimit> noTolerance) {
        Set<String> reasons = new LinkedHashSet<>();
        reasons.add("no rolling change is safe: some replicas must all stay up (RF = CL, EUNOMIA section 5.6). "
                + "Lower the consistency level, raise the replication factor, or allow an aggressive rollout "
                + "that changes one node at a time and breaks the consistency level while that node is down");
        for (DownLimit limit : noTolerance) {
            if (reasons.size() > MAX_REASONS) {
                reasons.add("... and " + (noTolerance.size() - MAX_REASONS) + " more ranges like these");
                break;
            }
            reasons.add(limit.why());
        }
        return new ArrayList<>(reasons);
    }

    /** Moves one node into a round of its own, first: from the smallest round, so a singleton round is reused. */
    private static List<List<NodeId>> withCanary(List<List<NodeId>> rounds, Optional<NodeId> fixed) {
        NodeId canary = fixed.orElseGet(() -> rounds.stream().min(Comparator.comparingInt(List::size))
                .orElseThrow().stream().min(DownLimit.BY_ID).orElseThrow());
        List<List<NodeId>> result = new ArrayList<>();
        result.add(List.of(canary));
        for (List<NodeId> round : rounds) {
            List<NodeId> rest = round.stream().filter(n -> !n.equals(canary)).toList();
            if (!rest.isEmpty()) {
                result.add(rest);
            }
        }
        return result;
    }

    private static List<Round> toRounds(List<List<NodeId>> rounds, PlanRequest request,
                                        AvailabilityConstraints original) {
        List<Round> result = new ArrayList<>();
        for (int i = 0; i < rounds.size(); i++) {
            List<String> risks = original.violations(new HashSet<>(rounds.get(i)));
            if (!risks.isEmpty() && !request.aggressive()) {
                throw new IllegalStateException("planner produced an unsafe round " + rounds.get(i) + ": " + risks);
            }
            result.add(new Round(i, rounds.get(i), request.canaryFirst() && i == 0, risks));
        }
        return result;
    }
}
