package dev.ctuner.advisor.core.racing;

import dev.ctuner.advisor.core.experiment.FriedmanTest;
import dev.ctuner.advisor.core.experiment.MannWhitney;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * One race (irace paper §3.3): every alive candidate is evaluated on the same sequence of
 * instances; after {@code firstTest} instances and then every {@code eachTest}, the Friedman test
 * runs over all instances so far and, if it rejects, Conover's post-hoc test drops every candidate
 * whose rank sum is worse than the best one's by more than the critical difference
 * ({@link FriedmanTest}). The race ends once at most {@code minSurvivors} remain (checked from the
 * first test on) or when the next instance would cost more than its budget. Elites carried over
 * from an earlier race (elitist irace) cannot be dropped before the race has covered as many
 * instances as they had results for; their earlier results are reused, not paid for again.
 */
final class Race {

    private final List<Candidate> alive;
    private final List<Candidate> dropped = new ArrayList<>();
    private final Map<Integer, Integer> protectedUntil;
    private final IntFunction<Instance> instanceAt;
    private final Results results;
    private final RacingSettings rules;
    private final int budget;
    private final List<Instance> order = new ArrayList<>();
    private final List<String> log;
    private int spent;
    private int completed;
    private boolean over;

    /**
     * @param protectedUntil candidate id to the number of race instances before which it cannot be dropped
     * @param instanceAt     the race's instance at each position (elitist order: see {@link IteratedRace})
     * @param budget         experiments this race may spend
     */
    Race(List<Candidate> candidates, Map<Integer, Integer> protectedUntil, IntFunction<Instance> instanceAt,
            Results results, RacingSettings rules, int budget, List<String> log) {
        this.alive = new ArrayList<>(candidates);
        this.protectedUntil = new HashMap<>(protectedUntil);
        this.instanceAt = instanceAt;
        this.results = results;
        this.rules = rules;
        this.budget = budget;
        this.log = log;
        startStep();
        advance();
    }

    /** Evaluations of the current instance still missing. */
    List<Evaluation> pending() {
        if (over) {
            return List.of();
        }
        Instance current = order.get(completed);
        return alive.stream().filter(c -> !results.has(c.id(), current.index()))
                .map(c -> new Evaluation(c, current)).toList();
    }

    /** Moves on as far as the reported results allow. */
    void advance() {
        while (!over && pending().isEmpty()) {
            completed++;
            if (completed >= rules.firstTest() && (completed - rules.firstTest()) % rules.eachTest() == 0) {
                test();
                if (alive.size() <= rules.minSurvivors()) {
                    over = true;
                    break;
                }
            }
            startStep();
        }
    }

    boolean over() {
        return over;
    }

    int spent() {
        return spent;
    }

    int instancesCompleted() {
        return completed;
    }

    List<Candidate> dropped() {
        return List.copyOf(dropped);
    }

    /** Alive candidates, best first: by rank sum over the completed instances, then by id. */
    List<Candidate> ranked() {
        double[] sums = rankSums(alive, order.subList(0, completed), results);
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < alive.size(); i++) {
            idx.add(i);
        }
        idx.sort(Comparator.<Integer>comparingDouble(i -> sums[i]).thenComparingInt(i -> alive.get(i).id()));
        return idx.stream().map(alive::get).toList();
    }

    /** Rank sums (rank 1 = largest value in a block) of the candidates over the instances. */
    static double[] rankSums(List<Candidate> candidates, List<Instance> instances, Results results) {
        double[] sums = new double[candidates.size()];
        for (Instance inst : instances) {
            double[] block = new double[candidates.size()];
            for (int j = 0; j < block.length; j++) {
                block[j] = -results.value(candidates.get(j).id(), inst.index());
            }
            double[] ranks = MannWhitney.ranks(block);
            for (int j = 0; j < sums.length; j++) {
                sums[j] += ranks[j];
            }
        }
        return sums;
    }

    private void startStep() {
        Instance next = instanceAt.apply(completed);
        int cost = (int) alive.stream().filter(c -> !results.has(c.id(), next.index())).count();
        if (spent + cost > budget) {
            over = true;
            return;
        }
        spent += cost;
        order.add(next);
    }

    /** Friedman test over the completed instances; on rejection, Conover's comparison with the best. */
    private void test() {
        if (alive.size() < 2) {
            return;
        }
        double[][] values = new double[completed][alive.size()];
        for (int i = 0; i < completed; i++) {
            for (int j = 0; j < alive.size(); j++) {
                values[i][j] = -results.value(alive.get(j).id(), order.get(i).index()); // rank 1 = largest value
            }
        }
        FriedmanTest.Result f = FriedmanTest.test(values);
        String test = String.format(Locale.ROOT, "after %d instances: Friedman chi2 %.2f p %.4f", completed,
                f.statistic(), f.pValue());
        if (!(f.pValue() < rules.alpha())) {
            log.add(String.format(Locale.ROOT, "%s, not below %.2f; nothing dropped, %d left", test, rules.alpha(),
                    alive.size()));
            return;
        }
        double[] r = f.rankSums();
        int best = 0;
        for (int j = 1; j < r.length; j++) {
            if (r[j] < r[best]) {
                best = j;
            }
        }
        double cd = f.criticalDifference(rules.alpha());
        List<Candidate> out = new ArrayList<>();
        for (int j = 0; j < r.length; j++) {
            Candidate c = alive.get(j);
            if (r[j] - r[best] > cd && protectedUntil.getOrDefault(c.id(), 0) <= completed) {
                out.add(c);
            }
        }
        alive.removeAll(out);
        dropped.addAll(out);
        log.add(String.format(Locale.ROOT, "%s, critical difference %.1f; %s, %d left", test, cd,
                out.isEmpty() ? "none worse than the best by more (or all such still protected)"
                        : "dropped " + out.stream().map(Candidate::label).collect(Collectors.joining(" ")),
                alive.size()));
    }
}
