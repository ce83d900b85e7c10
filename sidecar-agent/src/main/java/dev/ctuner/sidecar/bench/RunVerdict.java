package dev.ctuner.sidecar.bench;

import dev.ctuner.common.protocol.message.ExperimentQuality;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The experiment method's rules for when a run's numbers cannot be trusted (docs/decisions/0005):
 * what went wrong in the measured window, in words, and whether that makes the run FAULTED (it
 * broke: failed loads or operations, a node that died or did not start, a run stopped at its time
 * limit) or NOISY (it ran, but the machine was not quiet, or compactions had not settled). Pure:
 * the campaign and the sidecar's experiment role judge runs with these rules, not copies of them.
 */
public final class RunVerdict {

    /** Notes of a run whose node refused its configuration start with this (a campaign does not try it again). */
    public static final String NODE_DID_NOT_START = "node did not start";

    private RunVerdict() {
    }

    /** What the measured window tells, as notes (empty: nothing wrong). */
    public static List<String> measuredWindow(long errors, Map<String, Long> errorsByType, long operations, long wanted,
            Duration measureTimeout, boolean nodeRunning, double foreignCores, double maxForeignCores) {
        List<String> notes = new ArrayList<>();
        if (errors > 0) {
            notes.add(errors + " operations failed: " + errorsByType);
        }
        if (operations < wanted) {
            notes.add("stopped after " + operations + " of " + wanted + " operations at the time limit " + measureTimeout);
        }
        if (!nodeRunning) {
            notes.add("the node was not running after the measured window");
        }
        if (foreignCores > maxForeignCores) {
            notes.add(String.format(Locale.ROOT, "other processes used %.2f cores during the measured window (limit %.2f)",
                    foreignCores, maxForeignCores));
        }
        return notes;
    }

    /**
     * OK without notes; FAULTED when nothing was measured or a note says the run broke; NOISY when
     * the notes only say it was disturbed.
     *
     * @param measured whether a measured window ran at all
     */
    public static ExperimentQuality quality(boolean measured, List<String> notes) {
        if (notes.isEmpty()) {
            return ExperimentQuality.OK;
        }
        boolean faulted = !measured || notes.stream().anyMatch(n -> n.startsWith("load failed")
                || n.contains("operations failed") || n.startsWith("stopped after") || n.startsWith("the node was not"));
        return faulted ? ExperimentQuality.FAULTED : ExperimentQuality.NOISY;
    }
}
