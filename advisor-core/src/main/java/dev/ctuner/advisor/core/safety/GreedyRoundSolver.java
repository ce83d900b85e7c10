package dev.ctuner.advisor.core.safety;

import dev.ctuner.common.protocol.NodeId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Rounds for rings too large for exhaustive search. First-fit places each node (or each whole rack)
 * into the first round it keeps safe; several orders are tried and the fewest rounds kept. A
 * placement is only made after checking every limit of the node, so the result is always safe.
 */
final class GreedyRoundSolver {

    private final LimitIndex index;
    private final Map<NodeId, RingNode> placement = new LinkedHashMap<>();

    GreedyRoundSolver(LimitIndex index, Ring ring) {
        this.index = index;
        ring.nodes().forEach(n -> placement.put(n.id(), n));
    }

    /** The best first-fit over node orders: most constrained first, ring order, racks interleaved. */
    List<List<NodeId>> byNode() {
        List<List<Integer>> orders = List.of(mostConstrainedFirst(), ringOrder(), racksInterleaved());
        List<List<NodeId>> best = null;
        for (List<Integer> order : orders) {
            List<List<Integer>> units = order.stream().map(List::of).toList();
            List<List<NodeId>> rounds = firstFit(units);
            if (best == null || rounds.size() < best.size()) {
                best = rounds;
            }
        }
        return best;
    }

    /**
     * Whole racks per round, racks merged into one round where the union stays safe; empty when
     * some rack may not be down as a whole.
     */
    List<List<NodeId>> byRack() {
        List<List<Integer>> units = new ArrayList<>(racks().values());
        return fitsWhole(units) ? firstFit(units) : List.of();
    }

    private boolean fitsWhole(List<List<Integer>> units) {
        for (List<Integer> unit : units) {
            if (!fits(new int[index.maxDown.length], unit)) {
                return false;
            }
        }
        return true;
    }

    private List<List<NodeId>> firstFit(List<List<Integer>> units) {
        List<int[]> downPerLimit = new ArrayList<>();
        List<List<NodeId>> rounds = new ArrayList<>();
        for (List<Integer> unit : units) {
            int r = 0;
            while (r < rounds.size() && !fits(downPerLimit.get(r), unit)) {
                r++;
            }
            if (r == rounds.size()) {
                downPerLimit.add(new int[index.maxDown.length]);
                rounds.add(new ArrayList<>());
            }
            int[] counts = downPerLimit.get(r);
            for (int p : unit) {
                for (int l : index.limitsOf[p]) {
                    counts[l]++;
                }
                rounds.get(r).add(index.nodes.get(p));
            }
        }
        return rounds;
    }

    private boolean fits(int[] counts, List<Integer> unit) {
        Map<Integer, Integer> added = new LinkedHashMap<>();
        for (int p : unit) {
            for (int l : index.limitsOf[p]) {
                int n = added.merge(l, 1, Integer::sum);
                if (counts[l] + n > index.maxDown[l]) {
                    return false;
                }
            }
        }
        return true;
    }

    private List<Integer> ringOrder() {
        return IntStream.range(0, index.size()).boxed().toList();
    }

    private List<Integer> mostConstrainedFirst() {
        return IntStream.range(0, index.size()).boxed()
                .sorted(Comparator.comparingDouble((Integer p) -> -index.tightness(p)).thenComparing(p -> p))
                .toList();
    }

    /** Node positions per DC and rack, in ring order. */
    private Map<String, List<Integer>> racks() {
        Map<String, List<Integer>> racks = new LinkedHashMap<>();
        for (int p = 0; p < index.size(); p++) {
            RingNode n = placement.get(index.nodes.get(p));
            racks.computeIfAbsent(n.dc() + "/" + n.rack(), k -> new ArrayList<>()).add(p);
        }
        return racks;
    }

    private List<Integer> racksInterleaved() {
        Map<String, List<Integer>> racks = racks();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; order.size() < index.size(); i++) {
            for (List<Integer> rack : racks.values()) {
                if (i < rack.size()) {
                    order.add(rack.get(i));
                }
            }
        }
        return order;
    }
}
