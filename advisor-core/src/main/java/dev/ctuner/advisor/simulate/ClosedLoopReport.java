package dev.ctuner.advisor.simulate;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The markdown tables of {@link ClosedLoopMain}: per trace, then per kind with mean and spread. */
final class ClosedLoopReport {

    private ClosedLoopReport() {
    }

    static String markdown(List<ClosedLoopMain.Row> rows, String args) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Command: `ClosedLoopMain %s`%n%n", args));
        out.append("Operations served, as a ratio to Default on the same trace (1.000 = as many as the default).\n\n");
        out.append("| kind | mean loop / Default [min, max] | mean Static-Optimal / Default | mean loop / Static-Optimal [min, max] "
                + "| mean Planner-perfect / Default | mean Theoretical-Best / Default | traces where loop ≥ Static-Optimal "
                + "| traces where loop ≥ Default |\n|---|---|---|---|---|---|---|---|\n");
        for (String kind : rows.stream().map(ClosedLoopMain.Row::kind).distinct().toList()) {
            List<ClosedLoopMain.Row> k = rows.stream().filter(r -> r.kind().equals(kind)).toList();
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %d of %d | %d of %d |%n", kind,
                    spread(k, r -> r.vs(r.loop().served())), mean(k, r -> r.vs(r.staticOptimal())),
                    spread(k, r -> r.loop().served().operations() / r.staticOptimal().operations()),
                    mean(k, r -> r.vs(r.perfect())), mean(k, r -> r.vs(r.best())),
                    k.stream().filter(r -> r.loop().served().operations() >= r.staticOptimal().operations()).count(), k.size(),
                    k.stream().filter(r -> r.loop().served().operations() >= r.defaultPolicy().operations()).count(), k.size()));
        }
        out.append("\n| kind | seed | Default (operations) | loop | Static-Optimal | Planner-perfect | Theoretical-Best "
                + "| loop reconfigurations (at window) | proposals | superseded | holds (no change pays / gain below threshold / worse on history) |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (ClosedLoopMain.Row r : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %s | %s | %s | %s | %d %s | %d | %d | %d / %d / %d |%n",
                    r.kind(), r.seed(), r.defaultPolicy().operations(), ClosedLoopMain.format(r.vs(r.loop().served())),
                    ClosedLoopMain.format(r.vs(r.staticOptimal())), ClosedLoopMain.format(r.vs(r.perfect())),
                    ClosedLoopMain.format(r.vs(r.best())), r.loop().served().reconfigurations(), r.loop().changeSteps(),
                    r.loop().proposals(),
                    r.loop().superseded(), holds(r, "NO_CHANGE_PAYS"), holds(r, "GAIN_BELOW_THRESHOLD"),
                    holds(r, "WORSE_ON_HISTORY")));
        }
        return out.toString();
    }

    private static int holds(ClosedLoopMain.Row r, String kind) {
        return r.loop().holds().entrySet().stream().filter(e -> e.getKey().name().equals(kind))
                .mapToInt(java.util.Map.Entry::getValue).sum();
    }

    private static String mean(List<ClosedLoopMain.Row> rows, ToDoubleFunction<ClosedLoopMain.Row> f) {
        return ClosedLoopMain.format(rows.stream().mapToDouble(f).average().orElse(Double.NaN));
    }

    private static String spread(List<ClosedLoopMain.Row> rows, ToDoubleFunction<ClosedLoopMain.Row> f) {
        double[] v = rows.stream().mapToDouble(f).toArray();
        return String.format(Locale.ROOT, "%s [%s, %s]", ClosedLoopMain.format(java.util.Arrays.stream(v).average().orElse(Double.NaN)),
                ClosedLoopMain.format(java.util.Arrays.stream(v).min().orElse(Double.NaN)),
                ClosedLoopMain.format(java.util.Arrays.stream(v).max().orElse(Double.NaN)));
    }
}
