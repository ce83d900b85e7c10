package dev.ctuner.advisor.core.campaign;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a campaign measures next, from its plan and the experiments it already sent: the rules of the
 * lab campaigns, without their clock. A planned run is done once it ran OK, was refused by the node
 * (it would be refused again), faulted {@value #MAX_FAULTS} times (a configuration that breaks runs
 * keeps breaking them), or used up its attempts; a NOISY or FAULTED run is otherwise tried again
 * right away. An anchor comes first, then after every {@code anchorEvery} measurements, and once more
 * at the end, so every measurement has one on each side; an anchor that does not run OK is tried
 * again, and after {@value #ANCHOR_TRIES} in a row the campaign stops, as its runs could not be put on
 * one scale. One experiment at a time: nothing is next while one runs.
 *
 * <pre>{@code
 * Step s = CampaignSchedule.next(plan, attempts, 8, 3);
 * switch (s) { case Step.Measure m -> send(m.run(), m.attempt()); case Step.Anchor a -> send(plan.anchor(), a.number()); ... }
 * }</pre>
 */
public final class CampaignSchedule {

    /** A planned run that faulted this often is given up. */
    public static final int MAX_FAULTS = 2;
    /** Anchors that did not run OK in a row before the campaign stops. */
    public static final int ANCHOR_TRIES = 3;

    private CampaignSchedule() {
    }

    /** The next thing to do. */
    public sealed interface Step permits Step.Measure, Step.Anchor, Step.Wait, Step.Done, Step.Stop, RaceSchedule.Raced {
        /** Measure {@code run}, its {@code attempt}-th try (1-based). */
        record Measure(PlannedRun run, int attempt) implements Step {
        }

        /** Measure the anchor, the campaign's {@code number}-th anchor experiment (1-based). */
        record Anchor(int number) implements Step {
        }

        /** An experiment is running; wait for its result. */
        record Wait(String key) implements Step {
        }

        /** Every planned run is done. */
        record Done(int ok, int givenUp) implements Step {
        }

        /** The campaign cannot go on. */
        record Stop(String reason) implements Step {
        }
    }

    /**
     * @param attempts    the experiments sent so far, in the order sent
     * @param anchorEvery measurements between two anchors; 0: no anchors
     * @param maxAttempts tries of one planned run at most (NOISY and FAULTED runs count)
     */
    public static Step next(CampaignPlan plan, List<RunAttempt> attempts, int anchorEvery, int maxAttempts) {
        if (anchorEvery < 0 || maxAttempts < 1) {
            throw new IllegalArgumentException("anchorEvery must be 0 or more and maxAttempts 1 or more; got "
                    + anchorEvery + " and " + maxAttempts);
        }
        for (RunAttempt a : attempts) {
            if (!a.outcome().ended()) {
                return new Step.Wait(a.key());
            }
        }
        int anchors = 0;
        int failedAnchorsInARow = 0;
        int sinceAnchor = -1;   // measurements since the last OK anchor; -1 before the first
        Map<String, int[]> tries = new HashMap<>();   // key -> {attempts, faults, ok, refused}
        for (RunAttempt a : attempts) {
            if (a.anchor()) {
                anchors++;
                if (a.outcome() == RunAttempt.Outcome.OK) {
                    sinceAnchor = 0;
                    failedAnchorsInARow = 0;
                } else {
                    failedAnchorsInARow++;
                }
                continue;
            }
            int[] t = tries.computeIfAbsent(a.key(), k -> new int[4]);
            t[0]++;
            switch (a.outcome()) {
                case FAULTED -> t[1]++;
                case OK -> t[2]++;
                case REFUSED -> t[3]++;
                default -> { }
            }
            if (sinceAnchor >= 0) {
                sinceAnchor++;
            }
        }
        PlannedRun todo = null;
        int ok = 0;
        int givenUp = 0;
        for (PlannedRun r : plan.runs()) {
            int[] t = tries.getOrDefault(r.key(), new int[4]);
            if (t[2] > 0) {
                ok++;
            } else if (t[3] > 0 || t[1] >= MAX_FAULTS || t[0] >= maxAttempts) {
                givenUp++;
            } else if (todo == null) {
                todo = r;
            }
        }
        boolean anchored = anchorEvery > 0;
        boolean anchorsFail = anchored && failedAnchorsInARow >= ANCHOR_TRIES;
        if (todo == null) {
            // the closing anchor, unless the node cannot measure one (the runs are measured all the same)
            return anchored && sinceAnchor > 0 && !anchorsFail ? new Step.Anchor(anchors + 1) : new Step.Done(ok, givenUp);
        }
        if (anchorsFail) {
            return new Step.Stop(ANCHOR_TRIES + " anchor runs in a row did not run OK: the experiment node does not "
                    + "measure its own defaults reliably, so no further run could be put on a common scale");
        }
        if (anchored && (sinceAnchor < 0 || sinceAnchor >= anchorEvery)) {
            return new Step.Anchor(anchors + 1);
        }
        return new Step.Measure(todo, tries.getOrDefault(todo.key(), new int[4])[0] + 1);
    }
}
