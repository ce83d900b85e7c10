package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.experiment.ScreeningDesign;
import dev.ctuner.advisor.core.learning.AnovaResult;
import dev.ctuner.advisor.core.learning.ImportanceRanking;
import dev.ctuner.advisor.core.learning.KnobEffect;
import dev.ctuner.advisor.core.learning.KnobImportance;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.data.CsvReadResult;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** docs/benchmarks/screening.md from the screening CSV: one-way ANOVA per knob, ranked, top-k. */
final class ScreeningReport {

    private final KnobCatalog catalog;
    private final List<String> knobs;
    private final ScreeningDesign design;
    private final int planned;

    /** @param planned measurements the campaign plans (design points x repetitions), anchors not counted */
    ScreeningReport(KnobCatalog catalog, List<String> knobs, ScreeningDesign design, int planned) {
        this.catalog = catalog;
        this.knobs = knobs;
        this.design = design;
        this.planned = planned;
    }

    /** Rewrites the report from the CSV; {@code running}: the campaign is still measuring. */
    void write(Path csv, Path report, boolean running) throws IOException {
        CsvReadResult data = new ExperimentCsvReader(catalog).read(csv);
        AnchorNormalisation.Result anchored = data.anchored();
        List<Sample> samples = anchored.samples();
        StringBuilder md = new StringBuilder("# Knob importance screening (one knob at a time)\n\n");
        md.append("Real Cassandra 5.0.9 node on this machine, YCSB-style read/update 50/50 workload, zipfian keys, the "
                + "calibrated setup (`docs/data/setup.properties`). Every knob varied alone with the others at "
                + "their defaults: every choice, or 4 values spread over a numeric domain (RAFIKI's procedure), each "
                + "point measured " + "cold, in a shuffled order per repetition.\n\n");
        md.append("Regenerate: `scripts/campaign.sh screening` (data: `docs/data/screening.csv`).\n\n");
        md.append(String.format(Locale.ROOT, "Rows: %d OK runs, %d rows not used (NOISY/FAULTED, with reasons in the CSV).%n%n",
                data.samples().size(), data.rejected().size()));
        md.append(Anchors.progress(data.samples(), planned, running)).append(' ')
                .append(Anchors.machineTime(ExperimentCsv.read(csv))).append("\n\n");
        md.append(anchored.summary()).append("\n\n");
        Anchors.table(md, anchored);
        if (samples.isEmpty()) {
            Files.writeString(report, md);
            return;
        }
        Sample first = samples.get(0);
        NodeFacts facts = new NodeFacts(first.provenance().hardware().heapMiB(), first.provenance().hardware().cores(), 1,
                first.provenance().hardware().memoryMiB());
        List<KnobName> names = knobs.stream().map(k -> catalog.lookup(k).orElseThrow().name()).toList();
        Map<Target, List<KnobName>> topK = new java.util.EnumMap<>(Target.class);
        for (Target target : Target.values()) {
            ImportanceRanking ranking = KnobImportance.screen(samples, explicit -> catalog.effective(explicit, facts), names, target);
            md.append("## ").append(target.name().toLowerCase(Locale.ROOT).replace('_', ' ')).append("\n\n")
                    .append("| rank | knob | levels | samples | spread of level means | F | p | eta² |\n|---|---|---|---|---|---|---|---|\n");
            int rank = 1;
            for (KnobEffect e : ranking.effects()) {
                if (e.anova().isPresent()) {
                    AnovaResult a = e.anova().get();
                    md.append(String.format(Locale.ROOT, "| %d | %s | %d | %d | %.4g | %.2f | %.3g | %.2f |%n", rank++,
                            e.knob().value(), e.levels(), e.samples(), a.spreadOfMeans(), a.fStatistic(), a.pValue(),
                            a.etaSquared()));
                } else {
                    md.append(String.format(Locale.ROOT, "| - | %s | %d | %d | untestable: %s | | | |%n", e.knob().value(),
                            e.levels(), e.samples(), e.untestableBecause().orElse("")));
                }
            }
            md.append("\nTop-k at the largest drop (at least 5): **").append(names(ranking.topK(5))).append("**\n\n");
            List<KnobName> tunableTopK = tunable(ranking).topK(5);
            topK.put(target, tunableTopK);
            md.append("Among the knobs the tuner may change (the catalog's exclusions left out): **")
                    .append(names(tunableTopK)).append("**\n\n");
        }
        List<String> excluded = names.stream().map(this::knob).filter(Knob::excludedByDefault)
                .map(k -> k.name().value() + " (" + k.excludedBecause().orElseThrow() + ")").toList();
        md.append("## Knobs for the training design\n\n")
                .append("The throughput top-k among the knobs the tuner may change, then every such knob in the top-k of both "
                        + "p99 targets: **").append(names(trainingKnobs(topK))).append("**. Excluded from tuning and so from "
                        + "the design: ").append(excluded.isEmpty() ? "none" : String.join("; ", excluded)).append(".\n\n");
        md.append("## Level means (throughput, ops/s" + (anchored.anchored() ? ", anchored" : "") + ")\n\n| point | OK runs | mean | min | max |\n|---|---|---|---|---|\n");
        Map<String, List<Double>> byPoint = new java.util.TreeMap<>();
        for (Sample s : samples) {
            byPoint.computeIfAbsent(s.provenance().designPoint(), k -> new java.util.ArrayList<>()).add(s.measured().throughput());
        }
        byPoint.forEach((point, values) -> md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f |%n", point,
                values.size(), values.stream().mapToDouble(Double::doubleValue).average().orElse(0),
                values.stream().mapToDouble(Double::doubleValue).min().orElse(0),
                values.stream().mapToDouble(Double::doubleValue).max().orElse(0))));
        if (!design.leftOut().isEmpty()) {
            md.append("\nLeft out of the design (refused by the catalog's constraints):\n\n");
            design.leftOut().forEach(l -> md.append("- ").append(l).append("\n"));
        }
        Files.writeString(report, md);
    }

    /** The ranking without the knobs the catalog excludes from tuning (durability, security, ...). */
    private ImportanceRanking tunable(ImportanceRanking ranking) {
        return new ImportanceRanking(ranking.target(), ranking.effects().stream()
                .filter(e -> !knob(e.knob()).excludedByDefault()).toList());
    }

    private Knob knob(KnobName name) {
        return catalog.knob(name).orElseThrow();
    }

    /**
     * The knobs a training design varies: the throughput top-k (the primary objective), then, in their
     * p99-read order, the knobs that both latency targets rank in their top-k.
     */
    static List<KnobName> trainingKnobs(Map<Target, List<KnobName>> topK) {
        java.util.LinkedHashSet<KnobName> knobs = new java.util.LinkedHashSet<>(topK.get(Target.THROUGHPUT));
        topK.get(Target.P99_READ).stream().filter(topK.get(Target.P99_WRITE)::contains).forEach(knobs::add);
        return List.copyOf(knobs);
    }

    private static String names(List<KnobName> knobs) {
        return knobs.isEmpty() ? "none" : String.join(", ", knobs.stream().map(KnobName::value).toList());
    }
}
