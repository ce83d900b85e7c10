package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.Comparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** docs/benchmarks/validation-NAME.md: B against A from one interleaved run, with a rank test. */
final class ValidationReport {

    private final String name;
    private final Map<String, String> a;
    private final Map<String, String> b;
    private final String workload;
    private final String[] args;

    /** @param workload the workload measured, as {@link WorkloadShape#describe} gives it */
    ValidationReport(String name, Map<String, String> a, Map<String, String> b, String workload, String[] args) {
        this.name = name;
        this.a = a;
        this.b = b;
        this.workload = workload;
        this.args = args.clone();
    }

    void write(Path csv, Path report) throws IOException {
        List<Map<String, String>> rows = new ExperimentCsv(csv, KnobColumns.union(a, b)).rows();
        double[] ta = throughputs(rows, "A");
        double[] tb = throughputs(rows, "B");
        StringBuilder md = new StringBuilder("# A/B validation: " + name + "\n\n");
        md.append("A = ").append(a.isEmpty() ? "defaults" : a.toString()).append("  \nB = ").append(b)
                .append(String.format(Locale.ROOT, "  %nWorkload: %s. Runs interleaved AB, BA, AB, ...; every run cold.%n%n",
                        workload));
        md.append("Regenerate: `scripts/campaign.sh ").append(String.join(" ", ComparisonReport.quoted(args))).append("`\n\n");
        long notOk = rows.stream().filter(r -> !"OK".equals(r.get("quality"))).count();
        md.append(String.format(Locale.ROOT, "OK runs: A %d, B %d; %d runs NOISY or FAULTED (kept in the CSV, not used).%n%n",
                ta.length, tb.length, notOk));
        ComparisonReport.machineWarning(md, rows, "this comparison mixes machine speed into it; for a clean answer move "
                + "the CSV away and measure all pairs in one sitting.");
        if (ta.length >= 2 && tb.length >= 2) {
            Comparison c = Comparison.of(ta, tb);
            md.append("| side | runs | mean ops/s | sd | CV | min | max |\n|---|---|---|---|---|---|---|\n");
            md.append(row("A", c.a())).append(row("B", c.b()));
            md.append(String.format(Locale.ROOT, "%n**B / A = %.3f**; Mann-Whitney U = %.1f, two-sided p = %.3g (%s); "
                    + "P(B run > A run) = %.2f.%n%nVerdict: %s.%n", c.ratio(), c.test().u(), c.test().pValue(),
                    c.test().exact() ? "exact" : "normal approximation", c.test().commonLanguageEffect(), c.verdict(0.05)));
        }
        Files.writeString(report, md);
    }

    private static String row(String side, dev.ctuner.advisor.core.experiment.Summary s) {
        return String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.1f%% | %.0f | %.0f |%n", side, s.n(), s.mean(), s.sd(),
                100 * s.cv(), s.min(), s.max());
    }

    private static double[] throughputs(List<Map<String, String>> rows, String side) {
        return rows.stream().filter(r -> side.equals(r.get("design_point")) && "OK".equals(r.get("quality")))
                .mapToDouble(r -> Double.parseDouble(r.get("throughput"))).toArray();
    }
}
