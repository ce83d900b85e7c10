package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.learning.CurvePoint;
import dev.ctuner.advisor.core.learning.EvaluationRow;
import dev.ctuner.advisor.core.learning.SplitKind;
import dev.ctuner.advisor.core.learning.Target;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

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

    static void curve(StringBuilder out, String family, List<CurvePoint> curve) {
        out.append("## Learning curve: ").append(family).append(", throughput, unseen configurations\n\n");
        out.append("| training samples | MAPE % | R² | RMSE | repetitions |\n|---|---|---|---|---|\n");
        for (CurvePoint p : curve) {
            out.append(String.format(Locale.ROOT, "| %d | %.2f | %.3f | %.4g | %d |%n", p.trainingSamples(),
                    p.mean().mape(), p.mean().r2(), p.mean().rmse(), p.repetitions()));
        }
        out.append('\n');
    }
}
