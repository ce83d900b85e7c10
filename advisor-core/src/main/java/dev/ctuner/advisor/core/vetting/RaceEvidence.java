package dev.ctuner.advisor.core.vetting;

import dev.ctuner.advisor.core.racing.RaceVetting;

/**
 * What a race on a real node ({@link RaceVetting}: the current configuration and the picks, raced
 * with the Friedman test) said of one recommended configuration: whether it survived, and whether
 * the current configuration was dropped, i.e. the node measured some pick significantly better.
 *
 * <pre>{@code
 * RaceEvidence e = RaceEvidence.of(vetting.outcome(), 1);   // the first pick
 * e.survived() && e.currentEliminated();                    // what the race gate wants
 * }</pre>
 *
 * @param survived          the configuration was still in the race when it ended
 * @param currentEliminated the current configuration was dropped as significantly worse
 * @param experiments       runs the race took
 * @param instances         instances (workload and seed) every survivor ran on
 */
public record RaceEvidence(boolean survived, boolean currentEliminated, int experiments, int instances) {

    public RaceEvidence {
        if (experiments < 0 || instances < 0) {
            throw new IllegalArgumentException("experiments and instances cannot be negative: " + experiments + ", " + instances);
        }
    }

    /** The evidence for candidate {@code id} of a finished vetting race (1 = the first pick; 0 is the current one). */
    public static RaceEvidence of(RaceVetting.Outcome outcome, int id) {
        if (id < 1) {
            throw new IllegalArgumentException("candidate 0 is the current configuration; the picks are 1 and up, got " + id);
        }
        boolean survived = outcome.survivors().stream().anyMatch(c -> c.id() == id);
        return new RaceEvidence(survived, outcome.currentEliminated(), outcome.experiments(), outcome.instances());
    }
}
