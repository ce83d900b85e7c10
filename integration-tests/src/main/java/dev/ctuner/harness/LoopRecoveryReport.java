package dev.ctuner.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The figures of the loop-recovery benchmark, from its measured rounds: mean throughput of each arm,
 * the mis-tuning's loss, and the share of it the loop's change recovered, with a bootstrap interval
 * over the rounds (resampled within each arm).
 *
 * <pre>{@code
 * LoopRecoveryReport r = new LoopRecoveryReport(defaults, traps, afters, trapsAfter);
 * r.recoveredShare();   // (after - trap) / (default - trap), on the arms' means
 * }</pre>
 *
 * @param defaults   ops/s of the default rounds (before the loop acted)
 * @param traps      ops/s of the mis-tuned rounds interleaved with them
 * @param afters     ops/s of the rounds in the configuration the loop left
 * @param trapsAfter ops/s of the mis-tuned rounds interleaved with those (the loop's other changes kept)
 */
public record LoopRecoveryReport(List<Double> defaults, List<Double> traps, List<Double> afters, List<Double> trapsAfter) {

    public LoopRecoveryReport {
        if (defaults.isEmpty() || traps.isEmpty() || afters.isEmpty()) {
            throw new IllegalArgumentException("every arm needs at least one round");
        }
    }

    public double loss() {
        return 1 - mean(traps) / mean(defaults);
    }

    /** (after - trap) / (default - trap), on the means; NaN when the mis-tuning cost nothing. */
    public double recoveredShare() {
        return share(mean(defaults), mean(traps), mean(afters));
    }

    /** 2.5 % and 97.5 % quantiles of the recovered share over {@code resamples} bootstrap resamples of the rounds. */
    public double[] recoveredInterval(int resamples, long seed) {
        Random rng = new Random(seed);
        List<Double> shares = new ArrayList<>();
        for (int i = 0; i < resamples; i++) {
            double s = share(mean(resample(defaults, rng)), mean(resample(traps, rng)), mean(resample(afters, rng)));
            if (Double.isFinite(s)) {
                shares.add(s);
            }
        }
        if (shares.isEmpty()) {
            return new double[] {Double.NaN, Double.NaN};
        }
        shares.sort(Double::compare);
        return new double[] {shares.get((int) Math.floor(0.025 * (shares.size() - 1))),
                shares.get((int) Math.ceil(0.975 * (shares.size() - 1)))};
    }

    /** Each arm's statistics in ops/s, in the order default, trap, after, trap after. */
    public Map<String, BenchStats> arms() {
        Map<String, BenchStats> arms = new LinkedHashMap<>();
        arms.put("default", BenchStats.of(defaults));
        arms.put("mis-tuned", BenchStats.of(traps));
        arms.put("after the loop's change", BenchStats.of(afters));
        if (!trapsAfter.isEmpty()) {
            arms.put("mis-tuned again (the loop's other changes kept)", BenchStats.of(trapsAfter));
        }
        return arms;
    }

    /** The markdown table of the arms and the recovered share. */
    public String table() {
        StringBuilder md = new StringBuilder("| arm | rounds | mean ops/s | sd | min | max | mean / default |\n|---|---|---|---|---|---|---|\n");
        double base = mean(defaults);
        arms().forEach((name, s) -> md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f | %.0f | %.3f |%n", name, s.n(),
                s.mean(), s.sd(), s.min(), s.max(), s.mean() / base)));
        double[] ci = recoveredInterval(10_000, 42);
        md.append(String.format(Locale.ROOT, "%nLoss of the mis-tuning: %.1f %% of the default's throughput. Recovered by the loop's change: "
                + "**%.0f %%** of that loss (bootstrap 95 %% interval over the rounds %.0f %% to %.0f %%).%n", 100 * loss(),
                100 * recoveredShare(), 100 * ci[0], 100 * ci[1]));
        return md.toString();
    }

    static double share(double def, double trap, double after) {
        double lost = def - trap;
        return lost == 0 ? Double.NaN : (after - trap) / lost;
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static List<Double> resample(List<Double> values, Random rng) {
        List<Double> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            out.add(values.get(rng.nextInt(values.size())));
        }
        return out;
    }
}
