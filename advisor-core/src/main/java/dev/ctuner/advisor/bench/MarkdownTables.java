package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.learning.CurvePoint;
import dev.ctuner.advisor.core.learning.EvaluationRow;
import dev.ctuner.advisor.core.learning.HeldOutPrediction;
import dev.ctuner.advisor.core.learning.Metrics;
import dev.ctuner.advisor.core.learning.ReadRatioSmoothness;
import dev.ctuner.advisor.core.learning.RepeatedRuns;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.SplitKind;
import dev.ctuner.advisor.core.learning.Target;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Markdown rendering of evaluation results (RAFIKI Table 2 layout: metrics as rows). */
final class MarkdownTables {

    private MarkdownTables() {
    }

    static void evaluation(StringBuilder out, Target target, List<EvaluationRow> rows, Collection<String> families,
                           List<SplitKind> splits) {
        if (rows.stream().noneMatch(r -> r.target() == target)) {
            return;
        }
        out.append("## ").append(target.label()).append("\n\n| |");
        for (String f : families) {
            for (SplitKind s : splits) {
                out.append(' ').append(f).append(", ").append(s.label()).append(" |");
            }
        }
        out.append("\n|---|");
        out.append("---|".repeat(families.size() * splits.size()));
        out.append('\n');
        line(out, "Prediction error (MAPE %)", target, rows, families, splits, r ->
                String.format(Locale.ROOT, "%.2f ± %.2f", r.mean().mape(), r.mapeSd()));
        line(out, "Median absolute % error", target, rows, families, splits,
                r -> String.format(Locale.ROOT, "%.2f", r.mean().medianApe()));
        line(out, "R²", target, rows, families, splits, r -> String.format(Locale.ROOT, "%.3f", r.mean().r2()));
        line(out, "RMSE", target, rows, families, splits, r -> String.format(Locale.ROOT, "%.4g", r.mean().rmse()));
        line(out, "repetitions", target, rows, families, splits, r -> Integer.toString(r.repetitions()));
        out.append('\n');
    }

    private static void line(StringBuilder out, String name, Target target, List<EvaluationRow> rows,
                             Collection<String> families, List<SplitKind> splits,
                             java.util.function.Function<EvaluationRow, String> cell) {
        out.append("| ").append(name).append(" |");
        for (String f : families) {
            for (SplitKind s : splits) {
                Optional<EvaluationRow> row = rows.stream()
                        .filter(r -> r.target() == target && r.family().equals(f) && r.split() == s).findFirst();
                out.append(' ').append(row.map(cell).orElse("n/a")).append(" |");
            }
        }
        out.append('\n');
    }

    /**
     * How much of a model's error the values themselves would cause (decision 0010): the runs'
     * scatter within a design point bounds it from below, the values' distance off the line through
     * their read-ratio neighbours from above. The columns hold what a perfect model's MAPE would be.
     */
    static void noise(StringBuilder out, List<Sample> runs, List<Sample> modelled) {
        out.append("## Noise in the modelled values\n\n");
        out.append("What a perfect model would score against these values, as mean absolute % error (SD × √(2/π)). ")
                .append("Lower bound: the scatter of a design point's runs, over √(runs) when the model sees their ")
                .append("mean; it misses what differs between sittings. Upper bound: each value's distance from the ")
                .append("straight line through its two read-ratio neighbours of the same configuration; any real bend ")
                .append("counts as noise there (`ReadRatioSmoothness`).\n\n");
        out.append("| target | runs' mean CV within a point | lower bound | values off the read-ratio line (RMS) | ")
                .append("upper bound |\n|---|---|---|---|---|\n");
        boolean means = modelled.size() < runs.size();
        String repeated = "n/a (runs repeated; the line is drawn through their means: use --repetitions mean)";
        for (Target target : Target.values()) {
            Optional<RepeatedRuns.Scatter> scatter = RepeatedRuns.scatter(runs, target);
            // With single runs modelled but repeated in the data, the line would measure the noise of a mean.
            boolean mismatched = !means && scatter.isPresent();
            Optional<ReadRatioSmoothness.Estimate> line = mismatched ? Optional.empty()
                    : ReadRatioSmoothness.of(modelled, target);
            out.append("| ").append(target.label()).append(" | ")
                    .append(scatter.map(s -> String.format(Locale.ROOT, "%.1f%% (%d points, %.1f runs each)",
                            100 * s.meanCv(), s.points(), s.runsPerPoint())).orElse("n/a")).append(" | ")
                    .append(scatter.map(s -> String.format(Locale.ROOT, "%.1f%%",
                            100 * Metrics.meanAbsOfNormal(means ? s.sdOfMean() : s.meanCv()))).orElse("n/a")).append(" | ")
                    .append(line.map(e -> String.format(Locale.ROOT, "%.1f%% (%d values, %d configurations)",
                            100 * e.rmsResidual(), e.residuals(), e.configurations())).orElse(mismatched ? repeated : "n/a"))
                    .append(" | ")
                    .append(line.map(e -> String.format(Locale.ROOT, "%.1f%%", 100 * e.expectedAbsError())).orElse("n/a"))
                    .append(" |\n");
        }
        out.append('\n');
    }

    static void curve(StringBuilder out, String family, List<CurvePoint> curve) {
        out.append("## Learning curve: ").append(family).append(", throughput, unseen configurations\n\n");
        out.append("| training samples | MAPE % | R² | RMSE | repetitions |\n|---|---|---|---|---|\n");
        for (CurvePoint p : curve) {
            out.append(String.format(Locale.ROOT, "| %d | %.2f | %.3f | %.4g | %d |%n", p.trainingSamples(),
                    p.mean().mape(), p.mean().r2(), p.mean().rmse(), p.repetitions()));
        }
        out.append('\n');
    }

    /**
     * Where held-out error lies: one row per group (a configuration or a workload), the groups with
     * the largest mean absolute % error first, at most {@code rows} of them, then the share of the
     * total error the listed groups hold.
     */
    static void breakdown(StringBuilder out, String groupName, List<HeldOutPrediction> predictions,
                          Function<HeldOutPrediction, String> group, int rows) {
        Map<String, List<HeldOutPrediction>> byGroup = new LinkedHashMap<>();
        for (HeldOutPrediction p : predictions) {
            byGroup.computeIfAbsent(group.apply(p), g -> new ArrayList<>()).add(p);
        }
        List<Map.Entry<String, List<HeldOutPrediction>>> ranked = new ArrayList<>(byGroup.entrySet());
        ranked.sort(Comparator.comparingDouble((Map.Entry<String, List<HeldOutPrediction>> e) -> -meanApe(e.getValue()))
                .thenComparing(Map.Entry::getKey));
        out.append("| ").append(groupName).append(" | held out (times) | predictions | mean measured | mean predicted "
                + "| MAPE % | largest APE % |\n|---|---|---|---|---|---|---|\n");
        double total = predictions.stream().mapToDouble(HeldOutPrediction::absolutePercentError).sum();
        double listed = 0;
        int listedPredictions = 0;
        for (Map.Entry<String, List<HeldOutPrediction>> e : ranked.subList(0, Math.min(rows, ranked.size()))) {
            List<HeldOutPrediction> ps = e.getValue();
            listed += ps.stream().mapToDouble(HeldOutPrediction::absolutePercentError).sum();
            listedPredictions += ps.size();
            out.append(String.format(Locale.ROOT, "| %s | %d | %d | %.0f | %.0f | %.1f | %.1f |%n", e.getKey(),
                    ps.stream().mapToInt(HeldOutPrediction::repetition).distinct().count(), ps.size(),
                    ps.stream().mapToDouble(HeldOutPrediction::actual).average().orElse(0),
                    ps.stream().mapToDouble(HeldOutPrediction::predicted).average().orElse(0), meanApe(ps),
                    ps.stream().mapToDouble(HeldOutPrediction::absolutePercentError).max().orElse(0)));
        }
        int others = predictions.size() - listedPredictions;
        int shown = Math.min(rows, ranked.size());
        out.append(String.format(Locale.ROOT, "%nThe %d %s listed (of %d) hold %.0f%% of the total absolute percentage error",
                shown, groupName + (shown == 1 ? "" : "s"), ranked.size(), total == 0 ? 0 : 100 * listed / total));
        out.append(others == 0 ? ".\n\n" : String.format(Locale.ROOT, "; the MAPE over the other %d predictions is %.1f%%.%n%n",
                others, (total - listed) / others));
    }

    private static double meanApe(List<HeldOutPrediction> ps) {
        return ps.stream().mapToDouble(HeldOutPrediction::absolutePercentError).average().orElse(0);
    }
}
