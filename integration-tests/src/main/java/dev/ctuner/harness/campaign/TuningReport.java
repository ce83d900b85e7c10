package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.experiment.Summary;
import dev.ctuner.advisor.core.racing.Candidate;
import dev.ctuner.advisor.core.racing.IteratedRace;
import dev.ctuner.advisor.core.racing.RaceVetting;
import dev.ctuner.advisor.core.racing.Tuner;
import dev.ctuner.advisor.core.vetting.RaceEvidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * docs/benchmarks/race-NAME.md, random-NAME.md or vet-NAME.md: what a tuning campaign measured. The spread of its
 * configurations against the default (where the headroom is, issue 9), the anchors it ran, its
 * pick as a {@code compare --arm} line, and a race's log.
 *
 * <p>Values are the ones the tuner was told: each run's throughput scaled by the anchors before it
 * to the campaign's first anchor (its first machine's default), so the default stands at that
 * anchor's throughput on the same scale.
 */
final class TuningReport {

    /** The candidate a race's others are set beside on the same instances: the default or the current configuration when given. */
    private static final String REFERENCE_CANDIDATE = "c0";

    private TuningReport() {
    }

    /** One configuration of the campaign: its mean value over the instances it ran. */
    record Configuration(String point, int instances, double mean, Map<String, String> configuration) {
    }

    static void write(Path md, String campaign, String workload, List<Map<String, String>> rows,
            List<RaceCampaign.Measured> measured, Tuner tuner, int budget, String[] args) throws IOException {
        Files.writeString(md, markdown(campaign, workload, rows, measured, tuner, budget, args));
    }

    static String markdown(String campaign, String workload, List<Map<String, String>> rows,
            List<RaceCampaign.Measured> measured, Tuner tuner, int budget, String[] args) {
        StringBuilder md = new StringBuilder("# Tuning campaign: " + campaign + "\n\n");
        md.append("Workload: ").append(workload).append(". Every run cold.\n\n");
        md.append("Regenerate: `scripts/campaign.sh ").append(String.join(" ", ComparisonReport.quoted(args)))
                .append("` (resumes; `--report-only` rewrites this report from the file without a node).\n\n");
        List<Map<String, String>> own = rows.stream().filter(r -> campaign.equals(r.get("campaign"))).toList();
        List<Map<String, String>> anchors = own.stream().filter(r -> AnchorNormalisation.ANCHOR.equals(r.get("design_point")))
                .filter(r -> "OK".equals(r.get("quality"))).toList();
        long notOk = own.stream().filter(r -> !"OK".equals(r.get("quality"))).count();
        double machineHours = own.stream().mapToDouble(r -> Double.parseDouble(r.get("wall_seconds"))).sum() / 3600;
        md.append(String.format(Locale.ROOT, "%d of %d experiments finished%s; %d runs in all (%d anchors, %d NOISY or "
                        + "FAULTED, kept in the CSV), %.1f h of machine time.%n%n", measured.size(), budget,
                tuner.finished() ? "" : " (still running)", own.size(), anchors.size(), notOk, machineHours));
        long machines = own.stream().filter(r -> "OK".equals(r.get("quality"))).map(r -> r.getOrDefault("machine", ""))
                .filter(m -> !m.isEmpty()).distinct().count();
        if (machines > 1) {
            md.append(String.format(Locale.ROOT, "The runs come from %d machines (the campaign was resumed in other sittings); "
                    + "the tuner saw every run scaled by the anchors of its own machine measured before it (decision 0007), "
                    + "which is what puts them on one scale.%n%n", machines));
        }
        anchorTable(md, anchors);
        List<Configuration> configurations = configurations(measured);
        if (configurations.isEmpty()) {
            return md.toString();
        }
        double reference = anchors.isEmpty() ? Double.NaN : Double.parseDouble(anchors.get(0).get("throughput"));
        spread(md, configurations, reference);
        boolean paired = measured.stream().anyMatch(m -> m.instance() > 0)
                && measured.stream().anyMatch(m -> REFERENCE_CANDIDATE.equals(m.point()));
        md.append("\n## Best configurations\n\n| configuration | instances | mean ops/s | over the default |")
                .append(paired ? " over c0, same instances |" : "").append(" knobs |\n|---|---|---|---|")
                .append(paired ? "---|" : "").append("---|\n");
        configurations.stream().sorted(Comparator.comparingDouble(Configuration::mean).reversed()).limit(5)
                .forEach(c -> md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %s |%s `%s` |%n", c.point(), c.instances(),
                        c.mean(), ratio(c.mean(), reference), paired ? " " + pairedCell(measured, c.point()) + " |" : "",
                        CampaignMain.line(c.configuration()))));
        if (paired) {
            instances(md, measured, reference, tuner instanceof RaceVetting ? "the current configuration"
                    : Arrays.asList(args).contains("--with-default") ? "the default itself" : "the race's first candidate");
        }
        Optional<Candidate> pick = tuner.finished() ? tuner.best() : Optional.empty();
        md.append("\n## Pick\n\n");
        pick.ifPresentOrElse(c -> md.append(String.format(Locale.ROOT, "%s, as `compare --arm` takes it: `%s`%n", c.label(),
                        CampaignMain.line(c.configuration()))),
                () -> md.append("None until the tuning has finished.\n"));
        if (tuner instanceof RaceVetting vetting) {
            verdict(md, vetting);
        }
        List<String> log = tuner instanceof IteratedRace race ? race.log()
                : tuner instanceof RaceVetting vetting ? vetting.log() : List.of();
        if (!log.isEmpty()) {
            md.append("\n## Race log\n\n");
            log.forEach(l -> md.append("- ").append(l).append('\n'));
        }
        return md.toString();
    }

    /**
     * A vetting race's verdict per candidate: it passes the race gate when it survived and the current
     * configuration (c0) was dropped as significantly worse.
     */
    private static void verdict(StringBuilder md, RaceVetting vetting) {
        md.append("\n## Verdict\n\n");
        if (!vetting.finished()) {
            md.append("None until the race has ended.\n");
            return;
        }
        RaceVetting.Outcome outcome = vetting.outcome();
        md.append(String.format(Locale.ROOT, "After %d instances and %d runs the current configuration (c0) %s.%n%n",
                outcome.instances(), outcome.experiments(), outcome.currentEliminated()
                        ? "was dropped: some candidate was measured significantly better"
                        : "survived: no candidate was measured significantly better"));
        md.append("| candidate | configuration | survived | race gate |\n|---|---|---|---|\n");
        for (Candidate c : vetting.candidates().subList(1, vetting.candidates().size())) {
            RaceEvidence e = RaceEvidence.of(outcome, c.id());
            md.append(String.format(Locale.ROOT, "| %s | `%s` | %s | %s |%n", c.label(), CampaignMain.line(c.configuration()),
                    e.survived() ? "yes" : "no", e.survived() && e.currentEliminated() ? "passes"
                            : e.survived() ? "fails: no significant gain over the current configuration"
                            : "fails: dropped as significantly worse"));
        }
    }

    /**
     * The instance effect, and why a race's values over the default need c0 beside them: every
     * instance of a race is the workload with its own seed, and what the seed does to throughput
     * moves all candidates of that instance together, while the anchors run one fixed seed.
     *
     * @param c0 what c0 is in this race, for the reader
     */
    private static void instances(StringBuilder md, List<RaceCampaign.Measured> measured, double reference, String c0) {
        md.append(String.format(Locale.ROOT, "%n\"Over c0, same instances\": the geometric mean of the candidate's ratios to c0 "
                + "(%s) on the instances both ran, with their number. Each instance is the workload with its own seed, and the "
                + "seed moves every candidate of an instance together; the anchors run one fixed seed, so \"over the default\" "
                + "carries the instances' luck and this column does not. The race itself ranks candidates within each instance "
                + "(Friedman), so neither touches its decisions.%n%n| instance | candidates | mean ops/s (anchored) | over the default "
                + "| c0 ops/s (anchored) |%n|---|---|---|---|---|%n", c0));
        Map<Integer, List<RaceCampaign.Measured>> byInstance = new TreeMap<>();
        measured.forEach(m -> byInstance.computeIfAbsent(m.instance(), k -> new ArrayList<>()).add(m));
        byInstance.forEach((instance, ms) -> {
            double mean = ms.stream().mapToDouble(RaceCampaign.Measured::value).average().orElseThrow();
            String first = ms.stream().filter(m -> REFERENCE_CANDIDATE.equals(m.point())).findFirst()
                    .map(m -> String.format(Locale.ROOT, "%.0f", m.value())).orElse("");
            md.append(String.format(Locale.ROOT, "| %d | %d | %.0f | %s | %s |%n", instance, ms.size(), mean,
                    ratio(mean, reference), first));
        });
    }

    /** {@link #overReference} as a table cell: the ratio and the number of shared instances, or a dash. */
    private static String pairedCell(List<RaceCampaign.Measured> measured, String point) {
        double[] r = overReference(measured, point);
        return r.length == 0 ? "-" : String.format(Locale.ROOT, "%.3f (%d)", Math.exp(Arrays.stream(r).map(Math::log).average()
                .orElseThrow()), r.length);
    }

    /** The ratios of {@code point}'s values to c0's on each instance both finished, in instance order. */
    static double[] overReference(List<RaceCampaign.Measured> measured, String point) {
        Map<Integer, Double> reference = new TreeMap<>();
        measured.stream().filter(m -> REFERENCE_CANDIDATE.equals(m.point())).forEach(m -> reference.put(m.instance(), m.value()));
        return measured.stream().filter(m -> point.equals(m.point()) && reference.containsKey(m.instance()))
                .sorted(Comparator.comparingInt(RaceCampaign.Measured::instance))
                .mapToDouble(m -> m.value() / reference.get(m.instance())).toArray();
    }

    /** The measured points grouped by configuration, in the order first measured. */
    static List<Configuration> configurations(List<RaceCampaign.Measured> measured) {
        Map<String, List<RaceCampaign.Measured>> byPoint = new LinkedHashMap<>();
        measured.forEach(m -> byPoint.computeIfAbsent(m.point(), k -> new ArrayList<>()).add(m));
        List<Configuration> out = new ArrayList<>();
        byPoint.forEach((point, ms) -> out.add(new Configuration(point, ms.size(),
                ms.stream().mapToDouble(RaceCampaign.Measured::value).average().orElseThrow(), ms.get(0).configuration())));
        return out;
    }

    private static void anchorTable(StringBuilder md, List<Map<String, String>> anchors) {
        if (anchors.isEmpty()) {
            md.append("No anchor ran OK: the values are raw throughput, and there is no default on this workload to compare with.\n");
            return;
        }
        md.append("Anchors (the default on this workload), raw ops/s per machine:\n\n| machine | runs | mean | CV | min | max |\n"
                + "|---|---|---|---|---|---|\n");
        Map<String, List<Double>> byMachine = new TreeMap<>();
        anchors.forEach(a -> byMachine.computeIfAbsent(a.getOrDefault("machine", ""), k -> new ArrayList<>())
                .add(Double.parseDouble(a.get("throughput"))));
        byMachine.forEach((machine, values) -> {
            Summary s = Summary.of(values.stream().mapToDouble(Double::doubleValue).toArray());
            md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.1f%% | %.0f | %.0f |%n", machine.isEmpty() ? "-" : machine,
                    s.n(), s.mean(), 100 * s.cv(), s.min(), s.max()));
        });
        md.append(String.format(Locale.ROOT, "%nThe scale: the first anchor, %.0f ops/s; the default stands there.%n",
                Double.parseDouble(anchors.get(0).get("throughput"))));
    }

    /** Best, quantiles and worst of the configurations against the default: where the headroom is. */
    private static void spread(StringBuilder md, List<Configuration> configurations, double reference) {
        double[] v = configurations.stream().mapToDouble(Configuration::mean).sorted().toArray();
        long above = Arrays.stream(v).filter(x -> x > reference).count();
        md.append("\n## Spread of the configurations\n\n| | ops/s (anchored) | over the default |\n|---|---|---|\n");
        md.append(String.format(Locale.ROOT, "| best | %.0f | %s |%n", v[v.length - 1], ratio(v[v.length - 1], reference)));
        md.append(String.format(Locale.ROOT, "| 90th percentile | %.0f | %s |%n", quantile(v, 0.9), ratio(quantile(v, 0.9), reference)));
        md.append(String.format(Locale.ROOT, "| median | %.0f | %s |%n", quantile(v, 0.5), ratio(quantile(v, 0.5), reference)));
        md.append(String.format(Locale.ROOT, "| 10th percentile | %.0f | %s |%n", quantile(v, 0.1), ratio(quantile(v, 0.1), reference)));
        md.append(String.format(Locale.ROOT, "| worst | %.0f | %s |%n", v[0], ratio(v[0], reference)));
        if (!Double.isNaN(reference)) {
            md.append(String.format(Locale.ROOT, "| default (first anchor) | %.0f | 1.000 |%n", reference));
            md.append(String.format(Locale.ROOT, "%n%d of %d configurations measured above the default (single runs: the "
                    + "best of many is biased upward by the noise; the comparison campaign measures picks again).%n", above,
                    v.length));
        }
    }

    /** Linear interpolation between order statistics (R's type 7). */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    private static String ratio(double value, double reference) {
        return Double.isNaN(reference) ? "" : String.format(Locale.ROOT, "%.3f", value / reference);
    }
}
