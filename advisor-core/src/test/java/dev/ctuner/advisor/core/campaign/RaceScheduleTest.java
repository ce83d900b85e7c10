package dev.ctuner.advisor.core.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.campaign.CampaignSchedule.Step;
import dev.ctuner.advisor.core.campaign.RunAttempt.Outcome;
import dev.ctuner.common.protocol.message.RequestDistribution;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Races played against made-up throughputs (not Cassandra results). */
class RaceScheduleTest {

    private static final CampaignPlan.WorkloadSize SIZE = new CampaignPlan.WorkloadSize(1_000, 3_000, 8, RequestDistribution.ZIPFIAN);
    private static final Map<String, String> CURRENT = Map.of("concurrent_writes", "32");
    private static final Map<String, String> PICK = Map.of("concurrent_writes", "128");

    private static RaceSchedule.Race race(int budget) {
        return new RaceSchedule.Race(CURRENT, List.of(PICK), List.of(0.2, 0.8), SIZE, budget, 3, 5);
    }

    /** Plays a race, measuring each run with {@code throughput}; returns the runs measured and the end. */
    private static Step play(RaceSchedule.Race race, Function<PlannedRun, Outcome> outcome, Function<PlannedRun, Double> throughput,
            List<RunAttempt> log, Map<String, Double> measured, List<String> keys) {
        for (int guard = 0; guard < 500; guard++) {
            Step s = RaceSchedule.next(race, log, measured, 3);
            if (!(s instanceof Step.Measure m)) {
                return s;
            }
            keys.add(m.run().key());
            Outcome o = outcome.apply(m.run());
            log.add(new RunAttempt(m.run().key(), o));
            if (o == Outcome.OK) {
                measured.put(m.run().key(), throughput.apply(m.run()));
            }
        }
        throw new AssertionError("never ended");
    }

    private static double value(PlannedRun r) {
        // the pick is 20 % better at every instance; instances differ by their seed
        double base = 10_000 + (r.workload().seed() % 1000);
        return r.configuration().equals(PICK) ? base * 1.2 : base;
    }

    @Test
    void aClearlyBetterPickEliminatesTheCurrentConfigurationAndSurvives() {
        List<String> keys = new ArrayList<>();
        Step end = play(race(40), r -> Outcome.OK, RaceScheduleTest::value, new ArrayList<>(), new HashMap<>(), keys);
        assertThat(end).isInstanceOf(RaceSchedule.Raced.class);
        RaceSchedule.Raced raced = (RaceSchedule.Raced) end;
        assertThat(raced.evidence().survived()).isTrue();
        assertThat(raced.evidence().currentEliminated()).isTrue();
        assertThat(raced.evidence().experiments()).isEqualTo(keys.size()).isLessThanOrEqualTo(40);
        assertThat(keys).doesNotHaveDuplicates();
        assertThat(keys.get(0)).isEqualTo("c0@i0/r0");
        assertThat(raced.summary()).contains("the pick survived").contains("was dropped as significantly worse");
    }

    @Test
    void noDifferenceLeavesTheCurrentConfigurationInAndTheBudgetBoundsTheRace() {
        List<String> keys = new ArrayList<>();
        Step end = play(race(8), r -> Outcome.OK, r -> 10_000.0 + (r.workload().seed() % 1000), new ArrayList<>(),
                new HashMap<>(), keys);
        RaceSchedule.Raced raced = (RaceSchedule.Raced) end;
        assertThat(raced.evidence().currentEliminated()).isFalse();
        assertThat(keys).hasSize(8);
    }

    @Test
    void aPickThatBreaksItsRunsIsGivenUpAsZeroAndAResumedRaceTakesTheSameSteps() {
        List<RunAttempt> log = new ArrayList<>();
        Map<String, Double> measured = new HashMap<>();
        List<String> keys = new ArrayList<>();
        Function<PlannedRun, Outcome> faultsWhenPicked = r -> r.configuration().equals(PICK) ? Outcome.FAULTED : Outcome.OK;
        Step end = play(race(40), faultsWhenPicked, RaceScheduleTest::value, log, measured, keys);
        RaceSchedule.Raced raced = (RaceSchedule.Raced) end;
        assertThat(raced.evidence().survived()).as("a pick that never runs is dropped").isFalse();
        assertThat(keys.stream().filter(k -> k.startsWith("c1@"))).as("each of its runs faulted twice").allSatisfy(k ->
                assertThat(keys.stream().filter(k::equals)).hasSize(CampaignSchedule.MAX_FAULTS));

        for (int cut = 0; cut <= log.size(); cut += 3) {
            List<RunAttempt> prefix = new ArrayList<>(log.subList(0, cut));
            Map<String, Double> known = new HashMap<>();
            prefix.stream().filter(a -> a.outcome() == Outcome.OK).forEach(a -> known.put(a.key(), measured.get(a.key())));
            List<String> rest = new ArrayList<>();
            Step again = play(race(40), faultsWhenPicked, RaceScheduleTest::value, prefix, known, rest);
            assertThat(rest).containsExactlyElementsOf(keys.subList(cut, keys.size()));
            assertThat(again).isEqualTo(end);
        }
    }

    @Test
    void aRunningExperimentIsWaitedFor() {
        assertThat(RaceSchedule.next(race(10), List.of(new RunAttempt("c0@i0/r0", Outcome.RUNNING)), Map.of(), 3))
                .isEqualTo(new Step.Wait("c0@i0/r0"));
    }
}
