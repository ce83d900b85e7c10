package dev.ctuner.advisor.core.racing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Iterated racing, as irace does it (irace paper §3.3; López-Ibáñez et al. 2016, "The irace
 * package", §3), as a state machine driven by results ({@link Tuner}).
 *
 * <p>Iteration j (1-based) gets the budget B_j = (B − B_used) / max(1, N_iter − j + 1) and races
 * N_j = ⌊B_j / (T_first + T_each · min(5, j))⌋ candidates: in the first iteration the given
 * configurations (e.g. the default, the surrogate's picks) and uniform samples, later the elites of
 * the previous race plus N_j − N_elite new configurations, each sampled around an elite chosen with
 * probability (N_elite − r + 1) / (N_elite (N_elite + 1) / 2) for the elite of rank r, from that
 * elite's {@link SamplingModel}. The elites of a race are its best min(N_min, survivors).
 * Tuning ends when an iteration could not afford a single new candidate.
 *
 * <p>Elitist racing (irace ≥ 2.0, the default): a race after the first sees first one new
 * instance, then every instance used before (in order; the elites' results on them are reused
 * for free), then new ones; elites cannot be dropped before the race has covered as many
 * instances as they had results for.
 *
 * <p>Deviations from irace: one test (Friedman + Conover) for any number of survivors (irace
 * switches to a paired Wilcoxon test for two); a new configuration identical to an existing one is
 * drawn again (up to {@link #MAX_DUPLICATE_DRAWS} times) rather than discarded; no soft restart;
 * tuning stops instead of running a last, smaller race when the budget cannot buy one new candidate.
 *
 * <pre>{@code
 * IteratedRace t = IteratedRace.start(space, RacingSettings.irace(500, space.size()),
 *         List.of(Map.of()), List.of("read=0.5"), new SplittableRandom(42));   // the default races too
 * // drive it as in Tuner; then
 * t.elites();   // best first
 * }</pre>
 */
public final class IteratedRace implements Tuner {

    static final int MAX_DUPLICATE_DRAWS = 50;

    private final ParameterSpace space;
    private final RacingSettings settings;
    private final RandomGenerator rng;
    private final InstanceSequence instances;
    private final Results results = new Results();
    private final List<Candidate> candidates = new ArrayList<>();
    private final List<double[]> points = new ArrayList<>();
    private final Map<Integer, SamplingModel> models = new HashMap<>();
    private final Set<Map<String, String>> seen = new HashSet<>();
    private final List<String> log = new ArrayList<>();
    private List<Candidate> elites = List.of();
    private Race race;
    private int iteration;
    private boolean finished;

    private IteratedRace(ParameterSpace space, RacingSettings settings, List<String> workloads, RandomGenerator rng) {
        this.space = space;
        this.settings = settings;
        this.rng = rng;
        this.instances = new InstanceSequence(workloads, rng);
    }

    /**
     * Starts a tuning.
     *
     * @param given     configurations that take part from the first race (an empty map = the defaults),
     *                  in order; at most N_1 of them are used
     * @param workloads workload labels instances cycle through
     */
    public static IteratedRace start(ParameterSpace space, RacingSettings settings, List<Map<String, String>> given,
            List<String> workloads, RandomGenerator rng) {
        IteratedRace t = new IteratedRace(space, settings, workloads, rng);
        t.firstIteration(given);
        return t;
    }

    @Override
    public List<Evaluation> nextRequests() {
        return finished ? List.of() : race.pending();
    }

    @Override
    public void report(int candidate, int instance, double value) {
        boolean requested = nextRequests().stream()
                .anyMatch(e -> e.candidate().id() == candidate && e.instance().index() == instance);
        if (!requested) {
            throw new IllegalArgumentException("c" + candidate + " on instance " + instance + " was not requested now"
                    + (results.has(candidate, instance) ? " (reported already)" : ""));
        }
        results.put(candidate, instance, value);
        race.advance();
        while (!finished && race.over()) {
            endRace();
            nextIteration();
        }
    }

    @Override
    public boolean finished() {
        return finished;
    }

    @Override
    public int experiments() {
        return results.size();
    }

    @Override
    public Optional<Candidate> best() {
        List<Candidate> ranked = finished ? elites : race.ranked();
        return ranked.isEmpty() ? Optional.empty() : Optional.of(ranked.get(0));
    }

    @Override
    public List<Candidate> candidates() {
        return List.copyOf(candidates);
    }

    /** The elites of the last finished race, best first. */
    public List<Candidate> elites() {
        return elites;
    }

    /** The iteration under way (or the last one, once finished). */
    public int iteration() {
        return iteration;
    }

    /** What happened: one line per iteration and per elimination. */
    public List<String> log() {
        return List.copyOf(log);
    }

    /** Mean reported value of a candidate over the instances it ran on (NaN if none). */
    public double meanValue(int candidate) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < instances.size(); i++) {
            var v = results.get(candidate, i);
            if (v.isPresent()) {
                sum += v.getAsDouble();
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private int iterationBudget() {
        int remainingIterations = Math.max(1, settings.iterations() - iteration + 1);
        return (settings.budget() - results.size()) / remainingIterations;
    }

    private int raceSize(int budget) {
        return budget / (settings.firstTest() + settings.eachTest() * Math.min(5, iteration));
    }

    private void firstIteration(List<Map<String, String>> given) {
        iteration = 1;
        int budget = iterationBudget();
        int n = raceSize(budget);
        if (n < 2) {
            throw new IllegalArgumentException("a budget of " + settings.budget() + " cannot race even 2 candidates over "
                    + settings.firstTest() + " instances in the first of " + settings.iterations() + " iterations");
        }
        for (Map<String, String> g : given.subList(0, Math.min(n, given.size()))) {
            double[] p = space.encode(g);
            add(g, p, 0, -1, "given", SamplingModel.initial(space));
        }
        while (candidates.size() < n) {
            double[] p = distinct(() -> space.uniform(rng));
            add(space.decode(p), p, 1, -1, "uniform", SamplingModel.initial(space));
        }
        log.add(String.format(Locale.ROOT, "iteration 1: budget %d, %d candidates (%d given)", budget, n,
                Math.min(n, given.size())));
        race = new Race(candidates, Map.of(), instances::get, results, settings, budget, log);
        while (!finished && race.over()) {
            endRace();
            nextIteration();
        }
    }

    private void endRace() {
        List<Candidate> ranked = race.ranked();
        elites = List.copyOf(ranked.subList(0, Math.min(settings.minSurvivors(), ranked.size())));
        log.add(String.format(Locale.ROOT, "iteration %d ended after %d instances, %d experiments; elites %s",
                iteration, race.instancesCompleted(), race.spent(), elites.stream().map(Candidate::label).toList()));
    }

    private void nextIteration() {
        iteration++;
        int budget = iterationBudget();
        int n = raceSize(budget);
        int fresh = n - elites.size();
        if (fresh < 1) {
            finished = true;
            log.add(String.format(Locale.ROOT, "stopped before iteration %d: %d experiments left buy no new candidate",
                    iteration, settings.budget() - results.size()));
            return;
        }
        Map<Integer, SamplingModel> updated = new HashMap<>();
        for (Candidate e : elites) {
            updated.put(e.id(), models.get(e.id()).updated(points.get(e.id()), space, iteration, settings.iterations(), fresh));
        }
        models.putAll(updated);
        List<Candidate> racing = new ArrayList<>(elites);
        for (int i = 0; i < fresh; i++) {
            Candidate parent = elites.get(pickParent(elites.size()));
            SamplingModel model = models.get(parent.id());
            double[] p = distinct(() -> validSample(model, points.get(parent.id())));
            racing.add(add(space.decode(p), p, iteration, parent.id(), "sampled", model));
        }
        // Elitist order: one new instance, then every instance used so far, then new ones.
        int used = instances.size();
        Instance first = instances.next();
        Map<Integer, Integer> protect = new HashMap<>();
        for (Candidate e : elites) {
            int had = 0;
            for (int i = 0; i < used; i++) {
                had += results.has(e.id(), i) ? 1 : 0;
            }
            protect.put(e.id(), had);
        }
        log.add(String.format(Locale.ROOT, "iteration %d: budget %d, %d candidates (%d elite%s, %d new)", iteration, budget,
                n, elites.size(), elites.size() == 1 ? "" : "s", fresh));
        race = new Race(racing, protect, pos -> pos == 0 ? first : instances.get(pos <= used ? pos - 1 : pos), results,
                settings, budget, log);
    }

    /** Elite index of rank r (0-based) with probability (N − r) / (N (N + 1) / 2). */
    private int pickParent(int n) {
        double u = rng.nextDouble() * n * (n + 1) / 2.0;
        double sum = 0;
        for (int r = 0; r < n; r++) {
            sum += n - r;
            if (u < sum) {
                return r;
            }
        }
        return n - 1;
    }

    private double[] validSample(SamplingModel model, double[] parent) {
        for (int draw = 0; draw < ParameterSpace.MAX_DRAWS; draw++) {
            double[] p = model.sample(parent, space, rng);
            if (space.isValid(space.decode(p))) {
                return p;
            }
        }
        return space.uniform(rng);
    }

    private double[] distinct(java.util.function.Supplier<double[]> draw) {
        double[] p = draw.get();
        for (int i = 0; i < MAX_DUPLICATE_DRAWS && seen.contains(space.decode(p)); i++) {
            p = draw.get();
        }
        return p;
    }

    private Candidate add(Map<String, String> configuration, double[] point, int createdIn, int parent, String origin,
            SamplingModel model) {
        Candidate c = new Candidate(candidates.size(), configuration, Math.max(1, createdIn), parent, origin);
        candidates.add(c);
        points.add(point);
        models.put(c.id(), model);
        seen.add(space.decode(point));
        return c;
    }
}
