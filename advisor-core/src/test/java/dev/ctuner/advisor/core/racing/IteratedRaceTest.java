package dev.ctuner.advisor.core.racing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IteratedRaceTest {

    private static final int BUDGET = 400;
    private static final int SEEDS = 12;

    private static IteratedRace tuner(long seed, int budget) {
        return IteratedRace.start(Synthetic.SPACE, RacingSettings.irace(budget, Synthetic.SPACE.size()), List.of(Map.of()),
                List.of("read=0.5", "read=0.9"), new SplittableRandom(seed));
    }

    @Test
    void usesIracesDefaultsForFiveKnobs() {
        RacingSettings s = RacingSettings.irace(BUDGET, 5);
        assertThat(s.iterations()).isEqualTo(4);   // ⌊2 + log2 5⌋
        assertThat(s.minSurvivors()).isEqualTo(4);
        IteratedRace t = tuner(1, BUDGET);
        // B_1 = 400 / 4 = 100, N_1 = ⌊100 / (5 + 1)⌋ = 16, the default first
        assertThat(t.candidates()).hasSize(16);
        assertThat(t.candidates().get(0).configuration()).isEmpty();
        assertThat(t.nextRequests()).hasSize(16).allMatch(e -> e.instance().index() == 0);
    }

    @Test
    void atABudgetOf100TheSmallBudgetSettingsOfDecision0009RaceMoreCandidatesAndSpendTheBudget() {
        // irace's defaults for 5 knobs: N_iter = N_min = 4, B_1 = 25, N_1 = 4: each race gets one test and ends, and
        // by the last iterations the budget left per iteration buys no new candidate, so much of it is never spent
        int[] defaults = new int[3];   // candidates, experiments, quality
        int[] small = new int[3];
        int smallestSpend = Integer.MAX_VALUE;
        for (long seed = 0; seed < SEEDS; seed++) {
            IteratedRace d = IteratedRace.start(Synthetic.SPACE, RacingSettings.irace(100, Synthetic.SPACE.size()),
                    List.of(Map.of()), List.of("read=0.5"), new SplittableRandom(seed));
            Synthetic.drive(d);
            add(defaults, d);
            IteratedRace s = IteratedRace.start(Synthetic.SPACE, RacingSettings.irace(100, Synthetic.SPACE.size())
                    .withFirstTest(3).withIterations(3).withMinSurvivors(2), List.of(Map.of()), List.of("read=0.5"),
                    new SplittableRandom(seed));
            Synthetic.drive(s);
            add(small, s);
            assertThat(s.log().get(0)).startsWith("iteration 1: budget 33, 8 candidates");
            assertThat(s.log()).anyMatch(l -> l.contains("; dropped c"));
            smallestSpend = Math.min(smallestSpend, s.experiments());
        }
        // Seen over 12 seeds: defaults 129 candidates, 729 of 1,200 experiments spent, quality 950.8 on average;
        // small-budget settings 224 candidates, 1,146 experiments (at least 79 each), quality 964.2 (optimum 1000)
        assertThat(small[0]).isGreaterThan(defaults[0] * 3 / 2);
        assertThat(small[1]).isGreaterThan(defaults[1] * 5 / 4);
        assertThat(smallestSpend).isGreaterThanOrEqualTo(75);
        assertThat(small[2]).isGreaterThan(defaults[2]);
    }

    private static void add(int[] totals, IteratedRace race) {
        totals[0] += race.candidates().size();
        totals[1] += race.experiments();
        totals[2] += (int) Math.round(Synthetic.quality(race.best().orElseThrow().configuration()));
    }

    @Test
    void findsANearOptimalConfigurationWithinTheBudgetAndBeatsRandomSearch() {
        double optimum = Synthetic.quality(Synthetic.optimum());
        double racing = 0;
        double random = 0;
        int nearOptimal = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            IteratedRace t = tuner(seed, BUDGET);
            Synthetic.drive(t);
            assertThat(t.experiments()).isLessThanOrEqualTo(BUDGET).isGreaterThanOrEqualTo(BUDGET * 3 / 4);
            assertThat(t.iteration()).isGreaterThanOrEqualTo(4);
            double q = Synthetic.quality(t.best().orElseThrow().configuration());
            racing += q;
            nearOptimal += q >= 0.97 * optimum ? 1 : 0;

            RandomSearch r = RandomSearch.start(Synthetic.SPACE, BUDGET, 5, List.of(Map.of()), List.of("read=0.5", "read=0.9"),
                    new SplittableRandom(seed));
            Synthetic.drive(r);
            assertThat(r.experiments()).isLessThanOrEqualTo(BUDGET);
            random += Synthetic.quality(r.best().orElseThrow().configuration());
        }
        // Seen: racing 989.8 on average, random search 977.1, the default 906.5, the optimum 1000; 12 of 12 near.
        assertThat(nearOptimal).as("tunings within 3% of the optimum").isGreaterThanOrEqualTo(SEEDS * 3 / 4);
        assertThat(racing / SEEDS).isGreaterThan(random / SEEDS);
        assertThat(racing / SEEDS).isGreaterThan(Synthetic.quality(Map.of()));
    }

    @Test
    void isDeterministicAndIndifferentToReportOrderWithinAStep() {
        IteratedRace a = tuner(7, 250);
        List<double[]> reports = Synthetic.drive(a);

        IteratedRace b = tuner(7, 250);
        while (!b.finished()) {
            List<Evaluation> wanted = new ArrayList<>(b.nextRequests());
            Collections.reverse(wanted);
            for (Evaluation e : wanted) {
                b.report(e.candidate().id(), e.instance().index(), Synthetic.measure(e));
            }
        }
        assertThat(b.candidates()).isEqualTo(a.candidates());
        assertThat(b.best()).isEqualTo(a.best());
        assertThat(b.experiments()).isEqualTo(a.experiments()).isEqualTo(reports.size());
        assertThat(b.log()).isEqualTo(a.log());
    }

    @Test
    void resumesByReplayingTheReportedResults() {
        IteratedRace whole = tuner(11, 250);
        List<double[]> reports = Synthetic.drive(whole);

        // A campaign killed after 97 experiments: a fresh tuner replays the file, then measures on.
        IteratedRace resumed = tuner(11, 250);
        for (double[] r : reports.subList(0, 97)) {
            resumed.report((int) r[0], (int) r[1], r[2]);
        }
        List<double[]> rest = Synthetic.drive(resumed);
        assertThat(rest).hasSize(reports.size() - 97);
        assertThat(resumed.best()).isEqualTo(whole.best());
        assertThat(resumed.elites()).isEqualTo(whole.elites());

        IteratedRace replayed = tuner(11, 250);
        reports.forEach(r -> replayed.report((int) r[0], (int) r[1], r[2]));
        assertThat(replayed.finished()).isTrue();
        assertThat(replayed.nextRequests()).isEmpty();
        assertThat(replayed.best()).isEqualTo(whole.best());
    }

    @Test
    void reusesElitesResultsAndSamplesValidDistinctConfigurations() {
        IteratedRace t = tuner(3, BUDGET);
        List<double[]> reports = Synthetic.drive(t);
        assertThat(t.candidates()).allMatch(c -> Synthetic.SPACE.isValid(c.configuration()));
        assertThat(t.candidates().stream().map(Candidate::configuration).distinct().count()).isEqualTo(t.candidates().size());
        assertThat(t.candidates()).anyMatch(c -> c.origin().equals("sampled") && c.parent() >= 0);
        // every (candidate, instance) is measured once: elites are not run again on instances they saw
        assertThat(reports.stream().map(r -> (int) r[0] + "@" + (int) r[1]).distinct().count()).isEqualTo(reports.size());
        assertThat(t.log()).anyMatch(l -> l.startsWith("iteration 2:"));
        assertThat(t.log()).filteredOn(l -> l.matches("iteration \\d+: .*"))
                .allMatch(l -> l.matches(".*\\((\\d+ given|(1 elite|(0|[2-9]|\\d{2,}) elites), \\d+ new)\\)"));
    }

    @Test
    void logsEveryFriedmanTestAlsoThoseThatDropNobody() {
        // every candidate equally good: only the noise differs, so the tests mostly find nothing
        IteratedRace t = IteratedRace.start(Synthetic.SPACE, RacingSettings.irace(100, Synthetic.SPACE.size())
                .withFirstTest(3).withIterations(3).withMinSurvivors(2), List.of(Map.of()), List.of("read=0.5"),
                new SplittableRandom(5));
        while (!t.finished()) {
            for (Evaluation e : t.nextRequests()) {
                t.report(e.candidate().id(), e.instance().index(), Synthetic.measure(1000, e.instance(), e.candidate().id()));
            }
        }
        // iteration 1: 8 candidates, 33 experiments buy 4 instances; tests after the 3rd and the 4th
        assertThat(t.log().subList(0, 4)).satisfiesExactly(
                l -> assertThat(l).startsWith("iteration 1: budget 33, 8 candidates"),
                l -> assertThat(l).startsWith("after 3 instances: Friedman chi2 "),
                l -> assertThat(l).startsWith("after 4 instances: Friedman chi2 "),
                l -> assertThat(l).startsWith("iteration 1 ended after 4 instances"));
        assertThat(t.log()).filteredOn(l -> l.startsWith("after "))
                .allMatch(l -> l.matches("after \\d+ instances: Friedman chi2 [0-9.]+ p [0-9.]+(, not below 0\\.05; "
                        + "nothing dropped|, critical difference [0-9.]+; (none worse.*|dropped c.*)), \\d+ left"))
                .anyMatch(l -> l.contains("not below 0.05; nothing dropped, 8 left"));
    }

    @Test
    void refusesABudgetTooSmallToRace() {
        assertThatThrownBy(() -> tuner(1, 20)).hasMessageContaining("cannot race");
    }
}
