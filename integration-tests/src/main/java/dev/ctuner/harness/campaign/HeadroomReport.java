package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.experiment.TrainingDesign;
import dev.ctuner.advisor.core.learning.RepeatedRuns;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.data.CsvReadResult;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.KnobCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * docs/benchmarks/headroom.md from the training CSV: per read-ratio level, the best, default and worst
 * measured throughput (RAFIKI Table 1's form), with the configurations that gave them.
 */
final class HeadroomReport {

    /** The design's all-defaults configuration. */
    static final String DEFAULT_ID = "c00";

    private final String intro;
    private final TrainingDesign design;
    private final int planned;

    /** The training campaign's report (docs/data/training.csv, one run per point). */
    HeadroomReport(List<String> knobs, TrainingDesign design, int planned) {
        this("From the training dataset (`docs/data/training.csv`, `scripts/campaign.sh training --knobs "
                + String.join(",", knobs) + "`): " + design.configurations().size()
                + " configurations (c00 = all defaults; the rest a Latin hypercube with every knob's minimum and "
                + "maximum present) x read-ratio levels, one cold run each.", design, planned);
    }

    /**
     * @param intro   where the data came from and how it was designed (a sentence or two of Markdown)
     * @param planned measurements the campaign plans (configurations x read ratios x repetitions), anchors not counted
     */
    HeadroomReport(String intro, TrainingDesign design, int planned) {
        this.intro = intro;
        this.design = design;
        this.planned = planned;
    }

    /** Rewrites the report from the CSV; {@code running}: the campaign is still measuring. */
    void write(Path csv, Path report, boolean running) throws IOException {
        CsvReadResult data = new ExperimentCsvReader(KnobCatalog.cassandra50()).read(csv);
        AnchorNormalisation.Result anchored = data.anchored();
        // a point measured several times counts once, at the mean of its runs (decision 0010)
        List<Sample> points = RepeatedRuns.means(anchored.samples());
        Map<Double, List<Sample>> byRatio = new TreeMap<>();
        for (Sample s : points) {
            byRatio.computeIfAbsent(Math.round(s.workload().readProportion() * 100) / 100.0, k -> new ArrayList<>()).add(s);
        }
        StringBuilder md = new StringBuilder("# Headroom on this machine: best, default and worst measured configuration\n\n");
        md.append(intro).append(" In the form of RAFIKI Table 1. "
                        + "Noise: every value carries the run-to-run noise measured here (docs/benchmarks/calibration.md), "
                        + "so the best and worst of many values are biased away from the default, a mean of a few runs "
                        + "less so than a single run; the validation campaign measures a pick against the default with "
                        + "repetitions.\n\n");
        md.append(String.format(Locale.ROOT, "%d OK samples; %d rows not used.%n%n", data.samples().size(), data.rejected().size()));
        md.append(Anchors.progress(data.samples(), planned, running)).append(' ')
                .append(Anchors.machineTime(ExperimentCsv.read(csv))).append("\n\n");
        md.append(anchored.summary()).append("\n\n");
        Anchors.table(md, anchored);
        md.append("| read ratio | configs | maximum (config) | default | minimum (config) | max over default | max over min "
                + "| default over min |\n|---|---|---|---|---|---|---|---|\n");
        for (Map.Entry<Double, List<Sample>> e : byRatio.entrySet()) {
            List<Sample> s = e.getValue();
            Sample best = s.stream().max(Comparator.comparingDouble(x -> x.measured().throughput())).orElseThrow();
            Sample worst = s.stream().min(Comparator.comparingDouble(x -> x.measured().throughput())).orElseThrow();
            String def = s.stream().filter(x -> x.provenance().designPoint().startsWith(DEFAULT_ID + "@"))
                    .map(x -> String.format(Locale.ROOT, "%.0f", x.measured().throughput())).findFirst().orElse("n/a");
            double min = worst.measured().throughput();
            md.append(String.format(Locale.ROOT, "| %.1f | %d | %.0f (%s) | %s | %.0f (%s) | %s | %+.1f%% | %s |%n", e.getKey(),
                    s.size(), best.measured().throughput(), config(best), def, min, config(worst),
                    def.equals("n/a") ? "n/a" : String.format(Locale.ROOT, "%+.1f%%",
                            100 * (best.measured().throughput() / Double.parseDouble(def) - 1)),
                    100 * (best.measured().throughput() / min - 1),
                    def.equals("n/a") ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * (Double.parseDouble(def) / min - 1))));
        }
        acrossRatios(md, points);
        md.append("\nConfigurations:\n\n| id | configuration |\n|---|---|\n");
        design.configurations().forEach(c -> md.append("| ").append(c.id()).append(" | ")
                .append(c.configuration().isEmpty() ? "defaults" : c.configuration().toString()).append(" |\n"));
        if (!design.notes().isEmpty()) {
            md.append("\nDesign notes:\n\n");
            design.notes().forEach(n -> md.append("- ").append(n).append("\n"));
        }
        Files.writeString(report, md);
    }

    /**
     * The section ranking configurations over every read ratio at once: the one the default-vs-best
     * validation measures, with its command.
     */
    private void acrossRatios(StringBuilder md, List<Sample> samples) {
        Map<String, Map<Double, Double>> throughput = new TreeMap<>();
        for (Sample s : samples) {
            throughput.computeIfAbsent(config(s), k -> new TreeMap<>())
                    .put(Math.round(s.workload().readProportion() * 100) / 100.0, s.measured().throughput());
        }
        int levels = throughput.getOrDefault(DEFAULT_ID, Map.of()).size();
        md.append("\n## Best configuration across read ratios\n\n");
        if (levels == 0) {
            md.append("The default (c00) has no OK run yet, so no configuration can be compared with it.\n");
            return;
        }
        List<Overall> ranked = overall(throughput);
        md.append(String.format(Locale.ROOT, "Each configuration's throughput over the default's at the same read ratio, "
                + "geometric mean over the %d read ratios the default was measured at; only configurations measured at "
                + "all of them (%d of %d). The top of this list is biased upward (the best of many noisy values), "
                + "which is why the validation campaign measures it again against the default.%n%n",
                levels, ranked.size(), design.configurations().size() - 1));
        if (ranked.isEmpty()) {
            md.append("No configuration has been measured at all of them yet, so there is no ranking and nothing to validate.\n");
            return;
        }
        md.append("| rank | config | throughput over default (geometric mean) |\n|---|---|---|\n");
        for (int i = 0; i < Math.min(5, ranked.size()); i++) {
            md.append(String.format(Locale.ROOT, "| %d | %s | %+.1f%% |%n", i + 1, ranked.get(i).config(),
                    100 * (ranked.get(i).ratio() - 1)));
        }
        Overall best = ranked.get(0);
        design.configurations().stream().filter(c -> c.id().equals(best.config())).findFirst()
                .ifPresent(c -> md.append(validation(best, c.configuration())));
    }

    /**
     * What follows the ranking: the validate command for the best configuration, or, where even the
     * best is not faster than the default, why there is nothing to validate.
     */
    static String validation(Overall best, Map<String, String> configuration) {
        if (best.ratio() <= 1) {
            return String.format(Locale.ROOT, "%nNo configuration ranked here is faster than the default (the best, %s, "
                    + "is at %+.1f%%), so there is nothing to validate against it yet.%n", best.config(), 100 * (best.ratio() - 1));
        }
        return "\nThe default against the first, interleaved repetitions on the mixed workload:\n\n```\n"
                + "scripts/campaign.sh validate --name default-vs-best --b '" + line(configuration) + "'\n```\n";
    }

    /** A configuration's throughput over the default's, geometric mean over the read ratios. */
    record Overall(String config, double ratio) {
    }

    /**
     * Configurations (not the default, {@value #DEFAULT_ID}) measured at every read ratio the default
     * was, by their geometric-mean throughput ratio to the default there, best first; ties by id.
     *
     * @param throughput per configuration id, throughput by read ratio
     */
    static List<Overall> overall(Map<String, Map<Double, Double>> throughput) {
        Map<Double, Double> defaults = throughput.getOrDefault(DEFAULT_ID, Map.of());
        List<Overall> ranked = new ArrayList<>();
        throughput.forEach((config, byRatio) -> {
            if (config.equals(DEFAULT_ID) || defaults.isEmpty() || !byRatio.keySet().containsAll(defaults.keySet())) {
                return;
            }
            double logSum = 0;
            for (Map.Entry<Double, Double> d : defaults.entrySet()) {
                logSum += Math.log(byRatio.get(d.getKey()) / d.getValue());
            }
            ranked.add(new Overall(config, Math.exp(logSum / defaults.size())));
        });
        ranked.sort(Comparator.comparingDouble(Overall::ratio).reversed().thenComparing(Overall::config));
        return ranked;
    }

    /** {@code k=v;k=v}, the form {@code campaign.sh validate} takes. */
    static String line(Map<String, String> configuration) {
        return configuration.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(";"));
    }

    /** The configuration id of a design point {@code cNN@rrX}. */
    private static String config(Sample s) {
        String p = s.provenance().designPoint();
        return p.substring(0, p.indexOf('@'));
    }
}
