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
 * block effect, not as noise).
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
 * @param completeRounds the rounds where every arm has a value
 */
public record ArmComparison(List<String> arms, List<double[]> values, List<Pair> pairs, Optional<FriedmanTest.Result> friedman,
        int completeRounds) {

    /**
     * Arm {@code b} against arm {@code a}.
     *
     * @param ratio mean of b over mean of a
     * @param test  Mann-Whitney of b against a (U of b; two-sided p)
     * @param holmP the p-value after Holm's step-down adjustment over all pairs
     */
    public record Pair(int a, int b, double ratio, MannWhitney.Result test, double holmP) {
    }

    public ArmComparison {
        arms = List.copyOf(arms);
        values = values.stream().map(double[]::clone).toList();
        pairs = List.copyOf(pairs);
    }

    /**
     * @param arms   labels, at least 2, distinct
     * @param values {@code values[round][arm]}; NaN where that run has no OK measurement
     */
    public static ArmComparison of(List<String> arms, double[][] values) {
        int k = arms.size();
        if (k < 2 || arms.stream().distinct().count() != k) {
            throw new IllegalArgumentException("a comparison needs at least 2 distinct arms, got " + arms);
        }
        List<double[]> complete = new ArrayList<>();
        for (double[] round : values) {
            if (round.length != k) {
                throw new IllegalArgumentException("every round needs " + k + " values (NaN for a missing run), one has "
                        + round.length);
            }
            if (Arrays.stream(round).noneMatch(Double::isNaN)) {
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
        return new ArmComparison(arms, perArm, holm(raw), friedman, complete.size());
    }

    /** The summary of an arm's values, empty when it has none. */
    public Optional<Summary> summary(int arm) {
        double[] v = values.get(arm);
        return v.length == 0 ? Optional.empty() : Optional.of(Summary.of(v));
    }

    /** Holm's step-down adjustment: sorted ascending, p_(i) · (m − i + 1), made monotone, capped at 1. */
    static List<Pair> holm(List<Pair> pairs) {
        int m = pairs.size();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble(i -> pairs.get(i).test().pValue()));
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order.get(rank);
            running = Math.max(running, Math.min(1, (m - rank) * pairs.get(i).test().pValue()));
            adjusted[i] = running;
        }
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            Pair p = pairs.get(i);
            out.add(new Pair(p.a(), p.b(), p.ratio(), p.test(), adjusted[i]));
        }
        return out;
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElseThrow();
    }
}
