package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.learning.Sample;
import java.util.List;
import java.util.Locale;

/** The per-machine anchor table of the campaign reports: the evidence for (or against) anchoring. */
final class Anchors {

    private Anchors() {
    }

    static void table(StringBuilder md, AnchorNormalisation.Result anchored) {
        if (!anchored.anchored()) {
            return;
        }
        md.append("| campaign | machine | anchor runs | anchor mean ops/s | anchor CV | other runs |\n|---|---|---|---|---|---|\n");
        for (AnchorNormalisation.Block b : anchored.blocks()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %d |%n", b.campaign(),
                    b.machine().isEmpty() ? "(not recorded)" : b.machine(), b.anchors(),
                    b.anchors() == 0 ? "" : String.format(Locale.ROOT, "%.0f", b.throughput()),
                    b.anchors() == 0 ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * b.spread()), b.runs()));
        }
        md.append("\n");
    }

    /**
     * How far the campaign is: design measurements that ran OK out of those planned (a point given up,
     * e.g. a configuration the node refuses, never runs OK), and anchors.
     *
     * @param running whether the campaign is still measuring (the report is rewritten after every run)
     */
    static String progress(List<Sample> samples, int planned, boolean running) {
        long anchors = samples.stream().filter(AnchorNormalisation::isAnchor).count();
        return String.format(Locale.ROOT, "**%s: %d of %d planned measurements ran OK** (plus %d anchor runs)%s.",
                running ? "Partial results" : "Campaign finished", samples.size() - anchors, planned, anchors,
                running ? "; the campaign resumes where it stopped, and every number below may still move" : "");
    }
}
