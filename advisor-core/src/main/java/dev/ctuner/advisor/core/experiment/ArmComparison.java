package dev.ctuner.advisor.core.experiment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * k configurations ("arms") measured in one interleaved run ({@link InterleavedArms}): each arm's
 * summary; every pair by the ratio of mean throughputs and a Mann-Whitney test, with Holm's
 * adjustment over all pairs (so asking k(k−1)/2 questions does not inflate false alarms); and the
 * Friedman test over the complete rounds, each round a block (it sees drift between rounds as the
 * block effect, not as noise), with Conover's post-hoc test for every pair, Holm-adjusted as well:
 * the pairwise tests to read when the rounds ran on different machines, whose speeds differ by more
 * than most configuration effects (the Mann-Whitney tests take every run of an arm as exchangeable
 * with every other, which holds on one machine only).
 *
 * <pre>{@code
 * ArmComparison c = ArmComparison.of(List.of("default", "tuned"), new double[][] {{100, 104}, {98, 103}, {101, Double.NaN}});
 * c.pairs().get(0).ratio();   // tuned over default
 * c.pairs().get(0).holmP();   // p-value adjusted for the number of pairs
 * }</pre>
 *
 * @param arms           the arms' labels, in the order of the value columns
 * @param values         per arm, its OK values in round order
 * @param pairs          every pair (a, b) with a before b and both with at least 2 values
 * @param friedman       over the rounds where every arm has a value, when there are at least 2
 * @param completeRounds the rounds where every arm has a value (and not left out as a block)
 * @param blockedPairs   every pair (a, b) with a before b by Conover's post-hoc test of the Friedman test;
 *                       empty without one
 */
public record ArmComparison(List<String> arms, List<double[]> values, List<Pair> pairs, Optional<FriedmanTest.Result> friedman,
        int completeRounds, List<BlockedPair> blockedPairs) {

    /**
     * Arm {@code b} against arm {@code a}.
     *
     * @param ratio mean of b over mean of a
     * @param test  Mann-Whitney of b against a (U of b; two-sided p)
     * @param holmP the p-value after Holm's step-down adjustment over all pairs
     */
    public record Pair(int a, int b, double ratio, MannWhitney.Result test, double holmP) {
    }

    /**
     * Arm {@code b} against arm {@code a} within the complete rounds.
     *
     * @param rankSumDifference b's rank sum minus a's (ranks within each round, the fastest highest)
     * @param p                 Conover's two-sided p-value
     * @param holmP             p after Holm's adjustment over all pairs
     */
    public record BlockedPair(int a, int b, double rankSumDifference, double p, double holmP) {
    }

    public ArmComparison {
        arms = List.copyOf(arms);
        values = values.stream().map(double[]::clone).toList();
        pairs = List.copyOf(pairs);
        blockedPairs = List.copyOf(blockedPairs);
    }

    /**
     * @param arms   labels, at least 2, distinct
     * @param values {@code values[round][arm]}; NaN where that run has no OK measurement
     */
    public static ArmComparison of(List<String> arms, double[][] values) {
        return of(arms, values, java.util.Set.of());
    }

    /**
     * @param arms     labels, at least 2, distinct
     * @param values   {@code values[round][arm]}; NaN where that run has no OK measurement
     * @param notBlocks rounds left out of the Friedman test and the tests within rounds, though
     *                 complete (say, measured on two machines); their values count in the rest
     */
    public static ArmComparison of(List<String> arms, double[][] values, java.util.Set<Integer> notBlocks) {
        int k = arms.size();
        if (k < 2 || arms.stream().distinct().count() != k) {
            throw new IllegalArgumentException("a comparison needs at least 2 distinct arms, got " + arms);
        }
        List<double[]> complete = new ArrayList<>();
        for (int r = 0; r < values.length; r++) {
            double[] round = values[r];
            if (round.length != k) {
                throw new IllegalArgumentException("every round needs " + k + " values (NaN for a missing run), one has "
                        + round.length);
            }
            if (Arrays.stream(round).noneMatch(Double::isNaN) && !notBlocks.contains(r)) {
                complete.add(round.clone());
            }
        }
        List<double[]> perArm = new ArrayList<>();
        for (int arm = 0; arm < k; arm++) {
            int column = arm;
            perArm.add(Arrays.stream(values).mapToDouble(round -> round[column]).filter(v -> !Double.isNaN(v)).toArray());
        }
        List<Pair> raw = new ArrayList<>();
        for (int a = 0; a < k; a++) {
            for (int b = a + 1; b < k; b++) {
                if (perArm.get(a).length >= 2 && perArm.get(b).length >= 2) {
                    double ratio = mean(perArm.get(b)) / mean(perArm.get(a));
                    raw.add(new Pair(a, b, ratio, MannWhitney.test(perArm.get(b), perArm.get(a)), Double.NaN));
                }
            }
        }
        Optional<FriedmanTest.Result> friedman = complete.size() >= 2
                ? Optional.of(FriedmanTest.test(complete.toArray(double[][]::new))) : Optional.empty();
        List<BlockedPair> blocked = new ArrayList<>();
        friedman.ifPresent(f -> {
            List<int[]> both = new ArrayList<>();
            for (int a = 0; a < k; a++) {
                for (int b = a + 1; b < k; b++) {
                    both.add(new int[] {a, b});
                }
            }
            double[] adjusted = holm(both.stream().mapToDouble(ab -> f.conoverP(ab[0], ab[1])).toArray());
            for (int i = 0; i < both.size(); i++) {
                int a = both.get(i)[0];
                int b = both.get(i)[1];
                blocked.add(new BlockedPair(a, b, f.rankSums()[b] - f.rankSums()[a], f.conoverP(a, b), adjusted[i]));
            }
        });
        return new ArmComparison(arms, perArm, holm(raw), friedman, complete.size(), blocked);
    }

    /** The summary of an arm's values, empty when it has none. */
    public Optional<Summary> summary(int arm) {
        double[] v = values.get(arm);
        return v.length == 0 ? Optional.empty() : Optional.of(Summary.of(v));
    }

    /** The pairs with their Mann-Whitney p-values adjusted by {@link #holm(double[])}. */
    static List<Pair> holm(List<Pair> pairs) {
        double[] adjusted = holm(pairs.stream().mapToDouble(p -> p.test().pValue()).toArray());
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            Pair p = pairs.get(i);
            out.add(new Pair(p.a(), p.b(), p.ratio(), p.test(), adjusted[i]));
        }
        return out;
    }

    /** Holm's step-down adjustment: sorted ascending, p_(i) · (m − i + 1), made monotone, capped at 1. */
    static double[] holm(double[] p) {
        int m = p.length;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble(i -> p[i]));
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order.get(rank);
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElseThrow();
    }
}
