package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import java.util.Locale;

/** The per-machine anchor table of the campaign reports: the evidence for (or against) anchoring. */
final class Anchors {

    private Anchors() {
    }

    static void table(StringBuilder md, AnchorNormalisation.Result anchored) {
        if (!anchored.anchored()) {
            return;
        }
        md.append("| machine | anchor runs | anchor mean ops/s | anchor CV | runs |\n|---|---|---|---|---|\n");
        for (AnchorNormalisation.Machine m : anchored.machines()) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %d |%n",
                    m.machine().isEmpty() ? "(not recorded)" : m.machine(), m.anchors(),
                    m.anchors() == 0 ? "" : String.format(Locale.ROOT, "%.0f", m.throughput()),
                    m.anchors() == 0 ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * m.spread()), m.samples()));
        }
        md.append("\n");
    }
}
