package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.learning.Sample;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
     * What the campaign cost so far: the wall time of every run in the file (anchors and NOISY or FAULTED
     * runs included), the machines, and when the first run began and the last ended.
     */
    static String machineTime(List<Map<String, String>> rows) {
        if (rows.isEmpty()) {
            return "Machine time: nothing measured yet.";
        }
        double hours = rows.stream().mapToDouble(r -> Double.parseDouble(r.get("wall_seconds"))).sum() / 3600;
        long machines = rows.stream().map(r -> r.getOrDefault("machine", "")).filter(m -> m != null && !m.isEmpty())
                .distinct().count();
        String first = rows.stream().map(r -> r.get("started_at")).min(Comparator.naturalOrder()).orElseThrow();
        String last = rows.stream().map(r -> r.get("finished_at")).max(Comparator.naturalOrder()).orElseThrow();
        return String.format(Locale.ROOT, "Machine time: %.1f h of runs (%d runs, anchors and runs not kept included; "
                + "node restarts, loading and warm-up are part of every run) on %d machine(s), between %s and %s.", hours,
                rows.size(), machines, minute(first), minute(last));
    }

    /** An ISO-8601 UTC instant to the minute: 2026-11-25 07:25 UTC. */
    private static String minute(String instant) {
        return instant.length() >= 16 ? instant.substring(0, 16).replace('T', ' ') + " UTC" : instant;
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
