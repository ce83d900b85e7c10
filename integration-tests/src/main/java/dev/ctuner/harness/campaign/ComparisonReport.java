package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.ArmComparison;
import dev.ctuner.advisor.core.experiment.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * docs/benchmarks/compare-NAME.md: k configurations measured in one interleaved run of rounds
 * ({@code scripts/campaign.sh compare}), each against the first arm and against each other.
 */
final class ComparisonReport {

    /** Significance level of the verdicts (on Holm-adjusted p-values). */
    static final double ALPHA = 0.05;

    private final String name;
    private final Map<String, Map<String, String>> arms;
    private final String workload;
    private final int rounds;
    private final String[] args;
    private PeerColumns peers = PeerColumns.none();

    /**
     * @param arms     label to configuration, the reference (usually the defaults) first
     * @param workload the workload measured, as {@link WorkloadShape#describe} gives it
     */
    ComparisonReport(String name, Map<String, Map<String, String>> arms, String workload, int rounds, String[] args) {
        this.name = name;
        this.arms = new LinkedHashMap<>(arms);
        this.workload = workload;
        this.rounds = rounds;
        this.args = args.clone();
    }

    /** With a peer table (tuning cost, share of the limit, recovery from the trap) after the pairwise tests. */
    ComparisonReport withPeers(PeerColumns peers) {
        this.peers = peers;
        return this;
    }

    void write(List<Map<String, String>> rows, Path report) throws IOException {
        List<String> labels = List.copyOf(arms.keySet());
        Set<Integer> split = splitRounds(rows, labels, rounds);
        ArmComparison c = ArmComparison.of(labels, values(rows, labels, rounds), split);
        StringBuilder md = new StringBuilder("# Comparison: " + name + "\n\n");
        md.append(String.format(Locale.ROOT, "Workload: %s. %d rounds, every arm once per round, the order rotated each round; "
                + "every run cold.%n%n", workload, rounds));
        md.append("| arm | configuration |\n|---|---|\n");
        arms.forEach((label, config) -> md.append("| ").append(label).append(" | ")
                .append(config.isEmpty() ? "defaults" : config.toString()).append(" |\n"));
        md.append("\nRegenerate: `scripts/campaign.sh ").append(String.join(" ", quoted(args))).append("`\n\n");
        long notOk = rows.stream().filter(r -> !"OK".equals(r.get("quality"))).count();
        md.append(String.format(Locale.ROOT, "%d runs NOISY or FAULTED (kept in the CSV, not used).%n%n", notOk));
        boolean withinRounds = machineWarning(md, rows);
        if (!split.isEmpty()) {
            md.append(String.format(Locale.ROOT, "Round(s) %s ran on more than one machine (a sitting ended inside them: "
                    + "killed, or measured before rounds were kept whole) and are left out of the tests within rounds.%n%n",
                    split));
        }
        String reference = labels.get(0);
        md.append("| arm | runs | mean ops/s | sd | CV | min | max | mean over ").append(reference).append(" |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        double referenceMean = c.summary(0).map(Summary::mean).orElse(Double.NaN);
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            md.append(c.summary(i).map(s -> String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.1f%% | %.0f | %.0f | %.3f |%n",
                    label, s.n(), s.mean(), s.sd(), 100 * s.cv(), s.min(), s.max(), s.mean() / referenceMean))
                    .orElse("| " + label + " | 0 | | | | | | |\n"));
        }
        md.append("\n");
        c.friedman().ifPresentOrElse(f -> md.append(String.format(Locale.ROOT, "Friedman test over the %d complete rounds "
                        + "(each round a block): χ² = %.2f, %d df, p = %.3g.%n%n", c.completeRounds(), f.statistic(),
                        f.treatments() - 1, f.pValue())),
                () -> md.append("Friedman test: fewer than 2 complete rounds so far.\n\n"));
        if (!c.pairs().isEmpty()) {
            md.append("| b against a | mean b / mean a | Mann-Whitney U | p | Holm p | P(b run > a run) | verdict |\n"
                    + "|---|---|---|---|---|---|---|\n");
            for (ArmComparison.Pair p : c.pairs()) {
                String verdict = p.holmP() < ALPHA ? (p.ratio() >= 1 ? "b faster" : "b slower") : "no significant difference";
                md.append(String.format(Locale.ROOT, "| %s vs %s | %.3f | %.1f | %.3g | %.3g | %.2f | %s |%n", labels.get(p.b()),
                        labels.get(p.a()), p.ratio(), p.test().u(), p.test().pValue(), p.holmP(),
                        p.test().commonLanguageEffect(), verdict));
            }
            md.append(String.format(Locale.ROOT, "%nVerdicts at α = %.2f on the Holm-adjusted p-values (%d pairs)%s.%n", ALPHA,
                    c.pairs().size(), withinRounds ? "; not the ones to read here: the runs come from more than one machine"
                            : ""));
        }
        if (!c.blockedPairs().isEmpty()) {
            md.append(String.format(Locale.ROOT, "%nWithin rounds (Conover's post-hoc test of the Friedman test over the %d "
                    + "complete rounds: each arm ranked only against the others of its round)%s:%n%n", c.completeRounds(),
                    withinRounds ? ", the verdicts to read here" : ""));
            md.append("| b against a | rank sum b − a | Conover p | Holm p | verdict |\n|---|---|---|---|---|\n");
            for (ArmComparison.BlockedPair p : c.blockedPairs()) {
                String verdict = p.holmP() < ALPHA ? (p.rankSumDifference() > 0 ? "b faster" : "b slower")
                        : "no significant difference";
                md.append(String.format(Locale.ROOT, "| %s vs %s | %.1f | %.3g | %.3g | %s |%n", labels.get(p.b()),
                        labels.get(p.a()), p.rankSumDifference(), p.p(), p.holmP(), verdict));
            }
        }
        if (!peers.isEmpty()) {
            peerTable(md, c, labels, withinRounds);
        }
        Files.writeString(report, md);
    }

    /**
     * Issue 9's table: per arm (per pick, where an arm stands for several), its mean over the
     * reference, the share of the limit's gain it reached, the share of the trap's loss it recovered,
     * the Holm p against the reference, and what the pick's tuning cost.
     */
    private void peerTable(StringBuilder md, ArmComparison c, List<String> labels, boolean withinRounds) throws IOException {
        String reference = labels.get(0);
        double ref = mean(c, 0);
        double limit = peers.limit().map(l -> mean(c, labels.indexOf(l))).orElse(Double.NaN);
        double trap = peers.trap().map(t -> mean(c, labels.indexOf(t))).orElse(Double.NaN);
        md.append("\n## Peer table\n\n");
        md.append("| arm | pick | mean over ").append(reference).append(" | share of the limit | recovered of the trap's loss | ")
                .append("Holm p vs ").append(reference).append(" | experiments | machine time |\n|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < labels.size(); i++) {
            int arm = i;
            List<PeerColumns.Pick> picks = peers.picks(labels.get(i));
            if (i == 0 && picks.isEmpty()) {
                continue;
            }
            double m = mean(c, i);
            String holm = (withinRounds
                    ? c.blockedPairs().stream().filter(p -> p.a() == 0 && p.b() == arm).map(ArmComparison.BlockedPair::holmP)
                    : c.pairs().stream().filter(p -> p.a() == 0 && p.b() == arm).map(ArmComparison.Pair::holmP))
                    .findFirst().map(p -> String.format(Locale.ROOT, "%.3g", p)).orElse("");
            // the trap's own row (no method's pick came to it): its loss is the shares' unit, so they say nothing
            boolean isTrap = picks.isEmpty() && peers.trap().filter(labels.get(i)::equals).isPresent();
            String measured = String.format(Locale.ROOT, "%s | %s | %s | %s", ratio(m / ref),
                    isTrap ? "" : share(m - ref, limit - ref), isTrap ? "" : share(m - trap, ref - trap), holm);
            if (picks.isEmpty()) {
                md.append(String.format(Locale.ROOT, "| %s |  | %s |  |  |%n", labels.get(i), measured));
            }
            for (PeerColumns.Pick pick : picks) {
                PeerColumns.Cost k = peers.cost(pick);
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %.1f h |%n", labels.get(i), pick.member(), measured,
                        k.experiments(), k.machineSeconds() / 3600));
            }
        }
        md.append("\nShare of the limit: (arm − ").append(reference).append(") / (limit − ").append(reference)
                .append("); recovered: (arm − trap) / (").append(reference).append(" − trap); both on the means above, ")
                .append("n/a where the limit is not above the reference or the trap not below it; none on the trap's own row. ")
                .append("An arm that several ")
                .append("picks came to has a row per pick. Experiments and machine time: the tuning runs the pick came ")
                .append("from (every attempt, and the anchors among them); a surrogate's model trains in seconds on top. ")
                .append(withinRounds ? "Holm p: within rounds (Conover), as the runs come from more than one machine.\n"
                        : "Holm p: Mann-Whitney.\n");
        for (PeerColumns.Pick pick : peers.sources()) {
            md.append(String.format(Locale.ROOT, "- %s: %s%s%n", pick.member(), pick.source().campaign(),
                    pick.source().first() > 0 ? ", its first " + pick.source().first() + " experiments" : ""));
        }
    }

    private static double mean(ArmComparison c, int arm) {
        return arm < 0 ? Double.NaN : c.summary(arm).map(Summary::mean).orElse(Double.NaN);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) ? "" : String.format(Locale.ROOT, "%.3f", r);
    }

    /** {@code part / whole} as a percentage; n/a when the whole is not a positive gain or loss. */
    static String share(double part, double whole) {
        if (Double.isNaN(whole) || Double.isNaN(part)) {
            return whole > 0 || Double.isNaN(whole) ? "" : "n/a";
        }
        return whole > 0 ? String.format(Locale.ROOT, "%.0f%%", 100 * part / whole) : "n/a";
    }

    /** {@code values[round][arm]} of the OK runs; NaN where a run has none. */
    static double[][] values(List<Map<String, String>> rows, List<String> labels, int rounds) {
        double[][] v = new double[rounds][labels.size()];
        for (double[] round : v) {
            Arrays.fill(round, Double.NaN);
        }
        for (Map<String, String> r : rows) {
            int arm = labels.indexOf(r.get("design_point"));
            int round = Integer.parseInt(r.get("repetition"));
            if (arm >= 0 && round < rounds && "OK".equals(r.get("quality"))) {
                v[round][arm] = Double.parseDouble(r.get("throughput"));
            }
        }
        return v;
    }

    /** The rounds whose OK runs came from more than one machine. */
    static Set<Integer> splitRounds(List<Map<String, String>> rows, List<String> labels, int rounds) {
        Map<Integer, Set<String>> machines = new java.util.TreeMap<>();
        for (Map<String, String> r : rows) {
            int round = Integer.parseInt(r.get("repetition"));
            if (labels.contains(r.get("design_point")) && round < rounds && "OK".equals(r.get("quality"))) {
                machines.computeIfAbsent(round, x -> new TreeSet<>()).add(r.getOrDefault("machine", ""));
            }
        }
        Set<Integer> split = new TreeSet<>();
        machines.forEach((round, m) -> {
            if (m.size() > 1) {
                split.add(round);
            }
        });
        return split;
    }

    /**
     * Warns when the runs came from more than one machine: speed differences between machines exceed
     * most knob effects (decision 0007), so only comparisons within a round, which a sitting measures
     * whole, are sound then.
     *
     * @return whether they did
     */
    static boolean machineWarning(StringBuilder md, List<Map<String, String>> rows) {
        return machineWarning(md, rows, "the Mann-Whitney tests, which take every run of an arm as exchangeable with every "
                + "other, mix machine speed into the noise. A sitting ends only between rounds, so the tests within rounds "
                + "(Friedman and Conover, below), which compare runs of one machine, are the ones to read, and the peer "
                + "table uses them.");
    }

    /** The warning with what follows from it for the report at hand; whether the runs came from more than one machine. */
    static boolean machineWarning(StringBuilder md, List<Map<String, String>> rows, String consequence) {
        Set<String> machines = new TreeSet<>();
        rows.stream().filter(r -> "OK".equals(r.get("quality")) && !r.getOrDefault("machine", "").isEmpty())
                .forEach(r -> machines.add(r.get("machine")));
        if (machines.size() > 1) {
            md.append(String.format(Locale.ROOT, "**The runs come from %d machines** (the campaign was resumed in another "
                    + "sitting). Machines of one shape differ in speed by more than most knob effects (decision 0007): %s%n%n",
                    machines.size(), consequence));
            return true;
        }
        return false;
    }

    /**
     * The campaign's options as a shell would take them, quoted where needed, without
     * {@code --stop-after} (how long one sitting ran is not part of the campaign) and without
     * {@code --report-only} (the line regenerates by resuming; the report says how to only rewrite it).
     */
    static List<String> quoted(String[] args) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--stop-after") && i + 1 < args.length) {
                i++;
                continue;
            }
            if (args[i].equals("--report-only")) {
                continue;
            }
            words.add(args[i].contains(";") || args[i].contains(" ") ? "'" + args[i] + "'" : args[i]);
        }
        return words;
    }
}
