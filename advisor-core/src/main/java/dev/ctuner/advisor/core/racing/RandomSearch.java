package dev.ctuner.advisor.core.racing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The random-search baseline for the peer comparison with racing: ⌊B / r⌋ valid configurations
 * drawn uniformly (the given ones first, e.g. the default), each run on the same r instances
 * (default r = 5, irace's first test), requested instance by instance so a drift of the machine
 * hits every configuration alike; the best has the smallest rank sum over the r instances (rank 1
 * = largest value), ties broken by mean value then id. Same budget, same instances, no
 * elimination and no learning.
 *
 * <pre>{@code
 * RandomSearch s = RandomSearch.start(space, 500, 5, List.of(Map.of()), List.of("read=0.5"), new SplittableRandom(1));
 * // drive it as a Tuner (100 configurations x 5 instances), then s.best()
 * }</pre>
 */
public final class RandomSearch implements Tuner {

    private final Results results = new Results();
    private final List<Candidate> candidates = new ArrayList<>();
    private final List<Instance> instances = new ArrayList<>();

    private RandomSearch(ParameterSpace space, int configurations, int perConfiguration, List<Map<String, String>> given,
            List<String> workloads, RandomGenerator rng) {
        for (Map<String, String> g : given.subList(0, Math.min(configurations, given.size()))) {
            candidates.add(new Candidate(candidates.size(), g, 1, -1, "given"));
        }
        while (candidates.size() < configurations) {
            candidates.add(new Candidate(candidates.size(), space.decode(space.uniform(rng)), 1, -1, "uniform"));
        }
        InstanceSequence sequence = new InstanceSequence(workloads, rng);
        for (int i = 0; i < perConfiguration; i++) {
            instances.add(sequence.get(i));
        }
    }

    /**
     * @param budget           experiments to spend (B)
     * @param perConfiguration instances each configuration runs on (r), at least 1
     */
    public static RandomSearch start(ParameterSpace space, int budget, int perConfiguration, List<Map<String, String>> given,
            List<String> workloads, RandomGenerator rng) {
        if (perConfiguration < 1 || budget < perConfiguration) {
            throw new IllegalArgumentException("need 1 <= perConfiguration <= budget, got " + perConfiguration + " and " + budget);
        }
        return new RandomSearch(space, budget / perConfiguration, perConfiguration, given, workloads, rng);
    }

    @Override
    public List<Evaluation> nextRequests() {
        List<Evaluation> wanted = new ArrayList<>();
        for (Instance i : instances) {
            for (Candidate c : candidates) {
                if (!results.has(c.id(), i.index())) {
                    wanted.add(new Evaluation(c, i));
                }
            }
        }
        return wanted;
    }

    @Override
    public void report(int candidate, int instance, double value) {
        if (candidate < 0 || candidate >= candidates.size() || instance < 0 || instance >= instances.size()) {
            throw new IllegalArgumentException("c" + candidate + " on instance " + instance + " was not requested");
        }
        results.put(candidate, instance, value);
    }

    @Override
    public boolean finished() {
        return results.size() == candidates.size() * instances.size();
    }

    @Override
    public int experiments() {
        return results.size();
    }

    /** The configuration with the smallest rank sum; empty until every experiment is in. */
    @Override
    public Optional<Candidate> best() {
        if (!finished()) {
            return Optional.empty();
        }
        double[] sums = Race.rankSums(candidates, instances, results);
        return candidates.stream().min(Comparator.<Candidate>comparingDouble(c -> sums[c.id()])
                .thenComparing(c -> -mean(c.id())).thenComparingInt(Candidate::id));
    }

    @Override
    public List<Candidate> candidates() {
        return List.copyOf(candidates);
    }

    private double mean(int candidate) {
        return instances.stream().mapToDouble(i -> results.value(candidate, i.index())).average().orElse(Double.NaN);
    }
}
