package dev.ctuner.advisor.core.racing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Vetting by racing: one race of a fixed set of configurations, the current one (candidate 0)
 * and, say, the surrogate's top picks, with no new ones sampled. It runs until a single survivor
 * is left or the budget is spent (N_min = 1, unless the settings say otherwise), and tells whether
 * the current configuration was dropped (some pick is significantly better on the node) and which
 * candidates survive.
 *
 * <pre>{@code
 * RaceVetting v = RaceVetting.start(current, picks, List.of("read=0.5"),
 *         RacingSettings.irace(60, 1).withMinSurvivors(1), new SplittableRandom(3));
 * // drive it as a Tuner, then
 * v.outcome().currentEliminated();
 * }</pre>
 */
public final class RaceVetting implements Tuner {

    /**
     * @param currentEliminated whether candidate 0, the current configuration, was dropped
     * @param survivors         the survivors, best first
     * @param experiments       experiments spent
     * @param instances         instances the race completed
     */
    public record Outcome(boolean currentEliminated, List<Candidate> survivors, int experiments, int instances) {
    }

    private final Results results = new Results();
    private final List<Candidate> candidates = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private final Race race;

    private RaceVetting(Map<String, String> current, List<Map<String, String>> picks, List<String> workloads,
            RacingSettings settings, RandomGenerator rng) {
        candidates.add(new Candidate(0, current, 1, -1, "current"));
        for (Map<String, String> p : picks) {
            candidates.add(new Candidate(candidates.size(), p, 1, -1, "given"));
        }
        InstanceSequence instances = new InstanceSequence(workloads, rng);
        race = new Race(candidates, Map.of(), instances::get, results, settings, settings.budget(), log);
    }

    public static RaceVetting start(Map<String, String> current, List<Map<String, String>> picks, List<String> workloads,
            RacingSettings settings, RandomGenerator rng) {
        if (picks.isEmpty()) {
            throw new IllegalArgumentException("vetting needs at least one configuration to race against the current one");
        }
        return new RaceVetting(current, picks, workloads, settings, rng);
    }

    @Override
    public List<Evaluation> nextRequests() {
        return race.pending();
    }

    @Override
    public void report(int candidate, int instance, double value) {
        if (race.pending().stream().noneMatch(e -> e.candidate().id() == candidate && e.instance().index() == instance)) {
            throw new IllegalArgumentException("c" + candidate + " on instance " + instance + " was not requested now");
        }
        results.put(candidate, instance, value);
        race.advance();
    }

    @Override
    public boolean finished() {
        return race.over();
    }

    @Override
    public int experiments() {
        return results.size();
    }

    @Override
    public Optional<Candidate> best() {
        List<Candidate> r = race.ranked();
        return r.isEmpty() ? Optional.empty() : Optional.of(r.get(0));
    }

    @Override
    public List<Candidate> candidates() {
        return List.copyOf(candidates);
    }

    public Outcome outcome() {
        boolean dropped = race.dropped().stream().anyMatch(c -> c.id() == 0);
        return new Outcome(dropped, race.ranked(), results.size(), race.instancesCompleted());
    }

    public List<String> log() {
        return List.copyOf(log);
    }
}
