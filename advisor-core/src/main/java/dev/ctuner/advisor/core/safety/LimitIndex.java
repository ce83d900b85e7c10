package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The limits over a fixed list of nodes by position, for the solvers: which limits each node is in,
 * and each limit's capacity. Positions follow the order of {@code nodes}.
 */
final class LimitIndex {

    final List<NodeId> nodes;
    final int[] maxDown;
    /** For each node position, the indices of the limits that contain it. */
    final int[][] limitsOf;
    /** For each limit, the positions of its nodes. */
    final int[][] members;

    LimitIndex(List<NodeId> nodes, List<DownLimit> limits) {
        this.nodes = List.copyOf(nodes);
        Map<NodeId, Integer> position = new HashMap<>();
        for (int i = 0; i < nodes.size(); i++) {
            position.put(nodes.get(i), i);
        }
        this.maxDown = new int[limits.size()];
        this.members = new int[limits.size()][];
        List<List<Integer>> byNode = new ArrayList<>();
        nodes.forEach(n -> byNode.add(new ArrayList<>()));
        for (int l = 0; l < limits.size(); l++) {
            maxDown[l] = limits.get(l).maxDown();
            List<Integer> in = new ArrayList<>();
            for (NodeId id : limits.get(l).group()) {
                Integer p = position.get(id);
                if (p != null) {
                    in.add(p);
                    byNode.get(p).add(l);
                }
            }
            members[l] = in.stream().mapToInt(Integer::intValue).toArray();
        }
        this.limitsOf = byNode.stream().map(x -> x.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
    }

    int size() {
        return nodes.size();
    }

    /** How constrained a node is: the sum of 1/maxDown over its limits (a limit of 1 weighs most). */
    double tightness(int node) {
        double t = 0;
        for (int l : limitsOf[node]) {
            t += 1.0 / Math.max(maxDown[l], 1);
        }
        return t;
    }
}
