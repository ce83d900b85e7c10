package dev.ctuner.advisor.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.campaign.CampaignSchedule.Step;
import dev.ctuner.advisor.core.campaign.RunAttempt.Outcome;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.common.protocol.message.RequestDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CampaignScheduleTest {

    private static final CampaignPlan.WorkloadSize SIZE = new CampaignPlan.WorkloadSize(1_000, 3_000, 8, RequestDistribution.ZIPFIAN);
    private static final CampaignPlan PLAN = CampaignPlan.of(List.of(new DesignPoint("c00", Map.of()),
            new DesignPoint("c01", Map.of("concurrent_writes", "16")), new DesignPoint("c02", Map.of("concurrent_writes", "64"))),
            List.of(0.5), 2, SIZE, 7);

    /** Plays the schedule to its end, answering every experiment with {@code answer}; returns the keys in order. */
    private static List<String> play(CampaignPlan plan, int anchorEvery, int maxAttempts,
            java.util.function.BiFunction<String, Integer, Outcome> answer, List<RunAttempt> log) {
        List<String> keys = new ArrayList<>();
        for (int guard = 0; guard < 200; guard++) {
            Step s = CampaignSchedule.next(plan, log, anchorEvery, maxAttempts);
            if (s instanceof Step.Done || s instanceof Step.Stop) {
                keys.add(s.toString());
                return keys;
            }
            String key = s instanceof Step.Measure m ? m.run().key() : RunAttempt.ANCHOR_KEY;
            int attempt = s instanceof Step.Measure m ? m.attempt() : ((Step.Anchor) s).number();
            keys.add(key);
            log.add(new RunAttempt(key, Outcome.RUNNING));
            assertThat(CampaignSchedule.next(plan, log, anchorEvery, maxAttempts)).isEqualTo(new Step.Wait(key));
            log.set(log.size() - 1, new RunAttempt(key, answer.apply(key, attempt)));
        }
        throw new AssertionError("the schedule never ended: " + keys);
    }

    @Test
    void aRunKeyIsParsedBackIntoItsPointAndRepetition() {
        assertThat(PlannedRun.parseKey("c03@rr0.5/r1")).isEqualTo(new PlannedRun.Key("c03@rr0.5", 1));
        assertThat(PlannedRun.parseKey("g/r2/r10")).isEqualTo(new PlannedRun.Key("g/r2", 10));
        assertThatThrownBy(() -> PlannedRun.parseKey("c03")).hasMessageContaining("not a run key");
        assertThatThrownBy(() -> PlannedRun.parseKey("c03/rx")).hasMessageContaining("not a run key");
    }

    @Test
    void anchorsOpenCloseAndFallDueEveryNMeasurements() {
        List<String> keys = play(PLAN, 4, 3, (k, a) -> Outcome.OK, new ArrayList<>());
        assertThat(keys).hasSize(6 + 3 + 1);   // 6 runs, anchors before 1st and 5th and after the last, Done
        assertThat(keys.get(0)).isEqualTo(RunAttempt.ANCHOR_KEY);
        assertThat(keys.get(5)).isEqualTo(RunAttempt.ANCHOR_KEY);
        assertThat(keys.get(8)).isEqualTo(RunAttempt.ANCHOR_KEY);
        assertThat(keys.get(9)).isEqualTo(new Step.Done(6, 0).toString());
        assertThat(keys.stream().filter(k -> !k.equals(RunAttempt.ANCHOR_KEY)).limit(6).distinct()).hasSize(6);
    }

    @Test
    void repetitionsOfAPointRunInARowInThePlannedOrder() {
        List<String> keys = play(PLAN, 0, 3, (k, a) -> Outcome.OK, new ArrayList<>());
        assertThat(keys.subList(0, 6)).containsExactlyElementsOf(PLAN.runs().stream().map(PlannedRun::key).toList());
        for (int i = 0; i < 6; i += 2) {
            assertThat(keys.get(i).replace("/r0", "")).isEqualTo(keys.get(i + 1).replace("/r1", ""));
        }
    }

    @Test
    void noisyRunsAreTriedAgainUpToTheirAttemptsAndFaultsTwiceAtMost() {
        String noisy = PLAN.runs().get(0).key();
        String faulty = PLAN.runs().get(2).key();
        String refused = PLAN.runs().get(4).key();
        List<String> keys = play(PLAN, 0, 3, (k, a) -> k.equals(noisy) ? Outcome.NOISY
                : k.equals(faulty) ? Outcome.FAULTED : k.equals(refused) ? Outcome.REFUSED : Outcome.OK, new ArrayList<>());
        assertThat(keys.stream().filter(noisy::equals)).hasSize(3);
        assertThat(keys.stream().filter(faulty::equals)).hasSize(CampaignSchedule.MAX_FAULTS);
        assertThat(keys.stream().filter(refused::equals)).hasSize(1);
        assertThat(keys.get(keys.size() - 1)).isEqualTo(new Step.Done(3, 3).toString());
    }

    @Test
    void aRunThatSucceedsOnItsSecondTryCountsOnceAndTheNextAttemptIsNumbered() {
        String first = PLAN.runs().get(0).key();
        List<RunAttempt> log = new ArrayList<>(List.of(new RunAttempt(first, Outcome.NOISY)));
        assertThat(CampaignSchedule.next(PLAN, log, 0, 3)).isEqualTo(new Step.Measure(PLAN.runs().get(0), 2));
    }

    @Test
    void anchorsThatKeepFailingStopTheCampaignButNotItsEnd() {
        List<String> keys = play(PLAN, 2, 3, (k, a) -> k.equals(RunAttempt.ANCHOR_KEY) ? Outcome.FAULTED : Outcome.OK,
                new ArrayList<>());
        assertThat(keys).hasSize(CampaignSchedule.ANCHOR_TRIES + 1);
        assertThat(keys.get(keys.size() - 1)).startsWith("Stop[");

        // every run done, the closing anchor failing three times: done all the same
        List<RunAttempt> log = new ArrayList<>(List.of(new RunAttempt(RunAttempt.ANCHOR_KEY, Outcome.OK)));
        PLAN.runs().forEach(r -> log.add(new RunAttempt(r.key(), Outcome.OK)));
        for (int i = 0; i < CampaignSchedule.ANCHOR_TRIES; i++) {
            assertThat(CampaignSchedule.next(PLAN, log, 10, 3)).isEqualTo(new Step.Anchor(2 + i));
            log.add(new RunAttempt(RunAttempt.ANCHOR_KEY, Outcome.FAULTED));
        }
        assertThat(CampaignSchedule.next(PLAN, log, 10, 3)).isEqualTo(new Step.Done(6, 0));
    }

    @Test
    void resumesFromTheLogAlone() {
        List<RunAttempt> log = new ArrayList<>();
        List<String> whole = play(PLAN, 3, 3, (k, a) -> a == 1 && k.endsWith("/r1") ? Outcome.NOISY : Outcome.OK, log);
        for (int cut = 0; cut < log.size(); cut++) {
            List<RunAttempt> prefix = new ArrayList<>(log.subList(0, cut));
            List<String> rest = play(PLAN, 3, 3, (k, a) -> a == 1 && k.endsWith("/r1") ? Outcome.NOISY : Outcome.OK, prefix);
            assertThat(rest).containsExactlyElementsOf(whole.subList(cut, whole.size()));
        }
    }

    @Test
    void badSettingsAndPlansAreRefused() {
        assertThatThrownBy(() -> CampaignSchedule.next(PLAN, List.of(), -1, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CampaignSchedule.next(PLAN, List.of(), 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CampaignPlan.of(List.of(new DesignPoint("c00", Map.of())), List.of(0.5, 0.5), 1, SIZE, 1))
                .hasMessageContaining("distinct");
        assertThatThrownBy(() -> CampaignPlan.of(List.of(new DesignPoint("c00", Map.of())), List.of(1.5), 1, SIZE, 1))
                .hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> new CampaignPlan.WorkloadSize(0, 1, 1, RequestDistribution.ZIPFIAN)).hasMessageContaining("rows");
    }

    @Test
    void thePlanGivesEveryRunItsOwnSeedAndTheAnchorTheReferenceWorkload() {
        assertThat(PLAN.runs().stream().map(r -> r.workload().seed()).distinct()).hasSize(6);
        assertThat(PLAN.anchor().workload().readProportion()).isEqualTo(0.5);
        assertThat(PLAN.anchor().configuration()).isEmpty();
        assertThat(PLAN.runs().get(0).designPoint()).matches("c0[0-2]@rr0\\.5");
    }
}
