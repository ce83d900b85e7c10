package dev.ctuner.harness.campaign;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * How long one campaign process may measure. A sitting ends between runs, never inside one, and
 * with its closing anchor: when {@code --stop-after MINUTES} would be overrun by the next run (and
 * the anchors it needs), or when the stop file ({@value #STOP_FILE}) exists. Ending a sitting this
 * way, rather than by {@code kill}, leaves the last runs of the sitting with an anchor after them.
 *
 * <pre>{@code
 * Sitting s = Sitting.of(args, root);                          // --stop-after 100: at most 100 min from the JVM's start
 * s.endBefore(2, Duration.ofMinutes(2), Instant.now());       // why no further run fits, or empty
 * s.endBefore(3, Duration.ofMinutes(9), 2, Duration.ofMinutes(3), Instant.now()); // anchors are shorter
 * }</pre>
 *
 * @param deadline when the last run (with its closing anchor) must have ended; empty: no limit
 * @param stopFile whose appearance ends the sitting at the next run
 */
public record Sitting(Optional<Instant> deadline, Path stopFile) {

    /** The stop file, relative to the project root: {@code touch run/campaign.stop} ends a sitting gracefully. */
    public static final String STOP_FILE = "run/campaign.stop";

    public Sitting {
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(stopFile, "stopFile");
    }

    /** The sitting {@code --stop-after MINUTES} asks for, counted from the start of this JVM (0 or absent: no limit). */
    public static Sitting of(String[] args, Path root) {
        int minutes = CampaignMain.integer(args, "--stop-after", 0, 0);
        Instant start = Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());
        return new Sitting(minutes == 0 ? Optional.empty() : Optional.of(start.plus(Duration.ofMinutes(minutes))),
                root.resolve(STOP_FILE));
    }

    /**
     * Why the sitting must end rather than start {@code runs} more runs of about {@code perRun} each,
     * or empty when they fit.
     */
    public Optional<String> endBefore(int runs, Duration perRun, Instant now) {
        return endBefore(runs, perRun, 0, Duration.ZERO, now);
    }

    /**
     * Why the sitting must end rather than start {@code runs} more runs of about {@code perRun} each
     * and {@code anchors} anchor runs of about {@code perAnchor} (one due before the runs, those due
     * between them and the closing one after them), or empty when they fit.
     */
    public Optional<String> endBefore(int runs, Duration perRun, int anchors, Duration perAnchor, Instant now) {
        if (Files.exists(stopFile)) {
            return Optional.of("the stop file " + stopFile + " exists");
        }
        if (deadline.isPresent()) {
            Instant end = now.plus(perRun.multipliedBy(runs)).plus(perAnchor.multipliedBy(anchors));
            if (end.isAfter(deadline.get())) {
                String anchorPart = anchors == 0 ? "" : String.format(Locale.ROOT, " and %d anchor(s) of about %d s",
                        anchors, perAnchor.toSeconds());
                return Optional.of(String.format(Locale.ROOT, "--stop-after: %d more run(s) of about %d s%s would end at %s, "
                        + "after the sitting's end at %s", runs, perRun.toSeconds(), anchorPart, end, deadline.get()));
            }
        }
        return Optional.empty();
    }

    /**
     * Removes a stop file left by an earlier sitting (it asked that sitting to end, not this one).
     *
     * @return whether there was one
     */
    public boolean clearStopFile() throws IOException {
        return Files.deleteIfExists(stopFile);
    }

    /** The sitting ended before the campaign did; every finished run is in its file and the same command resumes it. */
    public static final class Ended extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Ended(String message) {
            super(message, null, false, false);
        }
    }
}
