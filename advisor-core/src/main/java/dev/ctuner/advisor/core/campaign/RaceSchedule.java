package dev.ctuner.advisor.core.campaign;

import dev.ctuner.advisor.core.campaign.CampaignSchedule.Step;
import dev.ctuner.advisor.core.racing.Evaluation;
import dev.ctuner.advisor.core.racing.RaceVetting;
import dev.ctuner.advisor.core.racing.RacingSettings;
import dev.ctuner.advisor.core.vetting.RaceEvidence;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What a vetting race measures next, from the experiments it already sent: the current configuration
 * (candidate 0) against the picks, raced with the Friedman test ({@link RaceVetting}) on instances of
 * the workloads given (read ratios; each instance a workload and a seed). The race is rebuilt from its
 * seed and replayed on the values measured so far, so it needs no state of its own: a resumed race
 * takes the same decisions. A run given up (refused, faulted twice, attempts used up) counts as 0
 * ops/s: a configuration that breaks runs is worse than any that runs.
 *
 * <pre>{@code
 * Step s = RaceSchedule.next(race, attempts, measured, 3);
 * // Measure(run c1@i0/r0, attempt 1), ..., then Raced(evidence for the first pick)
 * }</pre>
 */
public final class RaceSchedule {

    private RaceSchedule() {
    }

    /**
     * A race to run.
     *
     * @param readRatios the workloads, as read ratios of a read/update mix
     * @param budget     experiments at most
     * @param firstTest  instances before the first elimination test (at least 2)
     */
    public record Race(Map<String, String> current, List<Map<String, String>> picks, List<Double> readRatios,
                       CampaignPlan.WorkloadSize size, int budget, int firstTest, long seed) {

        public Race {
            current = Map.copyOf(current);
            picks = List.copyOf(picks);
            readRatios = List.copyOf(readRatios);
            if (picks.isEmpty()) {
                throw new IllegalArgumentException("a race needs at least one configuration to race against the current one");
            }
            if (readRatios.isEmpty()) {
                throw new IllegalArgumentException("a race needs at least one workload");
            }
        }

        RaceVetting start() {
            RacingSettings settings = RacingSettings.irace(budget, Math.max(1, current.size())).withFirstTest(firstTest)
                    .withMinSurvivors(1);
            return RaceVetting.start(current, picks, readRatios.stream().map(Race::label).toList(), settings,
                    new SplittableRandom(seed));
        }

        static String label(double readRatio) {
            return "read=" + readRatio;
        }

        /** The planned run of one evaluation: {@code c1@i3}, repetition 0, the candidate's configuration, the instance's workload. */
        PlannedRun run(Evaluation e) {
            double ratio = Double.parseDouble(e.instance().workload().substring("read=".length()));
            return new PlannedRun(e.candidate().label() + "@i" + e.instance().index(), 0, e.candidate().configuration(),
                    size.readUpdate(ratio, e.instance().seed()));
        }
    }

    /** The race is over: what it says of the first pick, and the whole outcome. */
    public record Raced(RaceEvidence evidence, RaceVetting.Outcome outcome) implements Step {

        public String summary() {
            return String.format(Locale.ROOT, "%s; the current configuration %s (%d experiments, %d instances)",
                    evidence.survived() ? "the pick survived" : "the pick was dropped",
                    evidence.currentEliminated() ? "was dropped as significantly worse" : "survived: no significant gain",
                    evidence.experiments(), evidence.instances());
        }
    }

    /**
     * @param attempts the experiments sent so far, in the order sent
     * @param measured throughput of each planned run's OK experiment, by {@link PlannedRun#key()}
     */
    public static Step next(Race race, List<RunAttempt> attempts, Map<String, Double> measured, int maxAttempts) {
        for (RunAttempt a : attempts) {
            if (!a.outcome().ended()) {
                return new Step.Wait(a.key());
            }
        }
        Map<String, int[]> tries = new HashMap<>();   // key -> {attempts, faults, refused}
        for (RunAttempt a : attempts) {
            int[] t = tries.computeIfAbsent(a.key(), k -> new int[3]);
            t[0]++;
            t[1] += a.outcome() == RunAttempt.Outcome.FAULTED ? 1 : 0;
            t[2] += a.outcome() == RunAttempt.Outcome.REFUSED ? 1 : 0;
        }
        RaceVetting vetting = race.start();
        while (!vetting.finished()) {
            Evaluation known = null;
            double value = 0;
            Evaluation todo = null;
            for (Evaluation e : vetting.nextRequests()) {
                String key = race.run(e).key();
                int[] t = tries.getOrDefault(key, new int[3]);
                if (measured.containsKey(key)) {
                    known = e;
                    value = measured.get(key);
                    break;
                }
                if (t[2] > 0 || t[1] >= CampaignSchedule.MAX_FAULTS || t[0] >= maxAttempts) {
                    known = e;
                    value = 0;
                    break;
                }
                if (todo == null) {
                    todo = e;
                }
            }
            if (known != null) {
                vetting.report(known.candidate().id(), known.instance().index(), value);
                continue;
            }
            if (todo == null) {
                return new Step.Stop("the race asks for nothing while it is not over");
            }
            PlannedRun run = race.run(todo);
            return new Step.Measure(run, tries.getOrDefault(run.key(), new int[3])[0] + 1);
        }
        RaceVetting.Outcome outcome = vetting.outcome();
        return new Raced(RaceEvidence.of(outcome, 1), outcome);
    }
}
