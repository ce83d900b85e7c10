package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.experiment.TrainingDesign;
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

    private final List<String> knobs;
    private final TrainingDesign design;
    private final int planned;

    /** @param planned measurements the campaign plans (configurations x read ratios), anchors not counted */
    HeadroomReport(List<String> knobs, TrainingDesign design, int planned) {
        this.knobs = knobs;
        this.design = design;
        this.planned = planned;
    }

    /** Rewrites the report from the CSV; {@code running}: the campaign is still measuring. */
    void write(Path csv, Path report, boolean running) throws IOException {
        CsvReadResult data = new ExperimentCsvReader(KnobCatalog.cassandra50()).read(csv);
        AnchorNormalisation.Result anchored = data.anchored();
        Map<Double, List<Sample>> byRatio = new TreeMap<>();
        for (Sample s : anchored.samples()) {
            byRatio.computeIfAbsent(Math.round(s.workload().readProportion() * 100) / 100.0, k -> new ArrayList<>()).add(s);
        }
        StringBuilder md = new StringBuilder("# Headroom on this machine: best, default and worst measured configuration\n\n");
        md.append("From the training dataset (`docs/data/training.csv`, `scripts/campaign.sh training --knobs ")
                .append(String.join(",", knobs)).append("`): ").append(design.configurations().size())
                .append(" configurations (c00 = all defaults; the rest a Latin hypercube with every knob's minimum and "
                        + "maximum present) x read-ratio levels, one cold run each. In the form of RAFIKI Table 1. "
                        + "Single runs: with the run-to-run noise measured here (docs/benchmarks/calibration.md), the best and "
                        + "worst of many single runs are biased away from the default; the validation campaign "
                        + "measures a pick against the default with repetitions.\n\n");
        md.append(String.format(Locale.ROOT, "%d OK samples; %d rows not used.%n%n", data.samples().size(), data.rejected().size()));
        md.append(Anchors.progress(data.samples(), planned, running)).append("\n\n");
        md.append(anchored.summary()).append("\n\n");
        Anchors.table(md, anchored);
        md.append("| read ratio | configs | maximum (config) | default | minimum (config) | max over min | default over min |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Map.Entry<Double, List<Sample>> e : byRatio.entrySet()) {
            List<Sample> s = e.getValue();
            Sample best = s.stream().max(Comparator.comparingDouble(x -> x.measured().throughput())).orElseThrow();
            Sample worst = s.stream().min(Comparator.comparingDouble(x -> x.measured().throughput())).orElseThrow();
            String def = s.stream().filter(x -> x.provenance().designPoint().startsWith("c00@"))
                    .map(x -> String.format(Locale.ROOT, "%.0f", x.measured().throughput())).findFirst().orElse("n/a");
            double min = worst.measured().throughput();
            md.append(String.format(Locale.ROOT, "| %.1f | %d | %.0f (%s) | %s | %.0f (%s) | %+.1f%% | %s |%n", e.getKey(), s.size(),
                    best.measured().throughput(), config(best), def, min, config(worst),
                    100 * (best.measured().throughput() / min - 1),
                    def.equals("n/a") ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * (Double.parseDouble(def) / min - 1))));
        }
        md.append("\nConfigurations:\n\n| id | configuration |\n|---|---|\n");
        design.configurations().forEach(c -> md.append("| ").append(c.id()).append(" | ")
                .append(c.configuration().isEmpty() ? "defaults" : c.configuration().toString()).append(" |\n"));
        if (!design.notes().isEmpty()) {
            md.append("\nDesign notes:\n\n");
            design.notes().forEach(n -> md.append("- ").append(n).append("\n"));
        }
        Files.writeString(report, md);
    }

    /** The configuration id of a design point {@code cNN@rrX}. */
    private static String config(Sample s) {
        String p = s.provenance().designPoint();
        return p.substring(0, p.indexOf('@'));
    }
}
