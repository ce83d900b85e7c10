package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fewest rounds, by dynamic programming over all subsets of the nodes. Safety is a set of
 * capacity limits (at most m of a group down), not pairwise conflicts: with RF − CL ≥ 2 three nodes
 * can be pairwise compatible and still unsafe together, so graph colouring of a conflict graph
 * would be wrong. Because every subset of a safe set is safe, the fewest safe sets that cover the
 * nodes form a partition: best[S] = 1 + min over safe T ⊆ S holding S's lowest node of best[S \ T].
 * Cost 3^n; callers keep n ≤ {@link PlanRequest#MAX_EXACT_UP_TO}.
 */
final class ExactRoundSolver {

    private final LimitIndex index;
    private final boolean[] safe;
    private final int[] best;
    private final int[] choice;

    ExactRoundSolver(LimitIndex index) {
        if (index.size() > PlanRequest.MAX_EXACT_UP_TO) {
            throw new IllegalArgumentException("exact search is limited to " + PlanRequest.MAX_EXACT_UP_TO + " nodes");
        }
        this.index = index;
        int all = 1 << index.size();
        this.safe = safeSets(index, all);
        this.best = new int[all];
        this.choice = new int[all];
        for (int set = 1; set < all; set++) {
            int low = set & -set;
            int rest = set ^ low;
            best[set] = Integer.MAX_VALUE;
            // every subset `sub` of rest, including the empty one, joined with the lowest node
            for (int sub = rest; ; sub = (sub - 1) & rest) {
                int round = sub | low;
                if (safe[round] && best[set ^ round] != Integer.MAX_VALUE && best[set ^ round] + 1 < best[set]) {
                    best[set] = best[set ^ round] + 1;
                    choice[set] = round;
                }
                if (sub == 0) {
                    break;
                }
            }
        }
    }

    private static boolean[] safeSets(LimitIndex index, int all) {
        int[] groupMask = new int[index.members.length];
        for (int l = 0; l < groupMask.length; l++) {
            for (int p : index.members[l]) {
                groupMask[l] |= 1 << p;
            }
        }
        boolean[] safe = new boolean[all];
        for (int set = 0; set < all; set++) {
            boolean ok = true;
            for (int l = 0; l < groupMask.length && ok; l++) {
                ok = Integer.bitCount(set & groupMask[l]) <= index.maxDown[l];
            }
            safe[set] = ok;
        }
        return safe;
    }

    /** The fewest rounds for all nodes, or empty when some node cannot go down even alone. */
    Optional<List<List<NodeId>>> solve() {
        return rounds((1 << index.size()) - 1);
    }

    /**
     * The fewest rounds when one node goes first alone: the given canary, or the one that leaves
     * the fewest rounds for the rest (first by position on ties).
     */
    Optional<List<List<NodeId>>> solveWithCanary(Optional<NodeId> canary) {
        int all = (1 << index.size()) - 1;
        int chosen = -1;
        for (int p = 0; p < index.size(); p++) {
            boolean candidate = canary.isEmpty() || canary.get().equals(index.nodes.get(p));
            if (candidate && safe[1 << p] && (chosen < 0 || best[all ^ (1 << p)] < best[all ^ (1 << chosen)])) {
                chosen = p;
            }
        }
        if (chosen < 0) {
            return Optional.empty();
        }
        int c = chosen;
        return rounds(all ^ (1 << c)).map(rest -> {
            List<List<NodeId>> withCanary = new ArrayList<>();
            withCanary.add(List.of(index.nodes.get(c)));
            withCanary.addAll(rest);
            return withCanary;
        });
    }

    private Optional<List<List<NodeId>>> rounds(int set) {
        if (best[set] == Integer.MAX_VALUE) {
            return Optional.empty();
        }
        List<List<NodeId>> rounds = new ArrayList<>();
        while (set != 0) {
            int round = choice[set];
            List<NodeId> nodes = new ArrayList<>();
            for (int p = 0; p < index.size(); p++) {
                if ((round & (1 << p)) != 0) {
                    nodes.add(index.nodes.get(p));
                }
            }
            rounds.add(nodes);
            set ^= round;
        }
        return Optional.of(rounds);
    }
}
