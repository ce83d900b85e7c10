package dev.ctuner.advisor.campaign;

import static dev.ctuner.advisor.campaign.CampaignChecks.clip;
import static dev.ctuner.advisor.campaign.CampaignChecks.within;

import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.advice.InvalidInputException;
import dev.ctuner.advisor.core.campaign.CampaignPlan;
import dev.ctuner.advisor.core.campaign.CampaignSchedule;
import dev.ctuner.advisor.core.campaign.RaceSchedule;
import dev.ctuner.advisor.core.campaign.RunAttempt;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.advisor.core.experiment.GuidedDesign;
import dev.ctuner.advisor.core.experiment.TrainingDesign;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.store.Campaign;
import dev.ctuner.advisor.store.CampaignRun;
import dev.ctuner.advisor.store.CampaignStore;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.message.RequestDistribution;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts, lists and cancels experiment campaigns. A request is checked in full before anything is
 * stored (every problem named at once); the design is drawn once, at creation, and stored with the
 * campaign, so a restarted advisor goes on with the same configurations.
 *
 * <pre>{@code
 * Campaign c = campaigns.create(new CampaignRequest("lab-1", List.of("concurrent_writes", "memtable_flush_writers"),
 *         8, List.of(0.5), 1, 4, null, null, null, null, null, 7L, null), "alice");
 * }</pre>
 */
public class CampaignService {

    private static final Logger log = LoggerFactory.getLogger(CampaignService.class);
    /** Space-filling candidates the guided configurations are picked from. */
    static final int POOL = 1000;
    /** The least distance between two configurations of a guided design (decision 0010). */
    static final double MIN_DISTANCE = 0.15;

    private final CampaignStore store;
    private final KnobCatalog catalog;
    private final CampaignProperties properties;
    private final Clock clock;
    private final Supplier<Optional<ModelSet>> model;
    private final Function<Optional<String>, List<Double>> observedReadRatios;
    private final ExperimentSampleStore samples;
    private final CampaignChecks checks;
    private final Map<UUID, Optional<RaceSchedule.Raced>> racedOutcomes = new java.util.concurrent.ConcurrentHashMap<>();
    private Runnable wake = () -> { };

    public CampaignService(CampaignStore store, KnobCatalog catalog, CampaignProperties properties, Clock clock) {
        this(store, catalog, properties, clock, Optional::empty, cluster -> List.of(), null);
    }

    /**
     * @param model              the model in use, which picks guided configurations
     * @param observedReadRatios the read ratios the serving clusters (all, or the one named) run now, distinct
     * @param samples            the stored measurements, which a race's outcome is replayed on
     */
    public CampaignService(CampaignStore store, KnobCatalog catalog, CampaignProperties properties, Clock clock,
                           Supplier<Optional<ModelSet>> model, Function<Optional<String>, List<Double>> observedReadRatios,
                           ExperimentSampleStore samples) {
        this.samples = samples;
        this.checks = new CampaignChecks(store, catalog, properties);
        this.store = store;
        this.catalog = catalog;
        this.properties = properties;
        this.clock = clock;
        this.model = model;
        this.observedReadRatios = observedReadRatios;
    }

    /** Told when a campaign starts, e.g. to let the runner send its first experiment at once. */
    void onCreated(Runnable listener) {
        this.wake = listener;
    }

    public Campaign create(CampaignRequest r, String actor) {
        List<InputViolation> problems = new ArrayList<>();
        String name = r.name() == null ? "" : r.name();
        checks.nameProblems(name, problems);
        List<String> knobs = r.knobs() == null ? List.of() : r.knobs();
        if (knobs.isEmpty()) {
            problems.add(new InputViolation("knobs", "REQUIRED", "", "1 to 20 knobs of the catalog",
                    "name the knobs the design varies"));
        }
        if (knobs.size() > 20 || knobs.stream().distinct().count() != knobs.size()) {
            problems.add(new InputViolation("knobs", "SIZE", Integer.toString(knobs.size()), "1 to 20 distinct knobs",
                    "the design varies at most 20 distinct knobs"));
        }
        checks.knobProblems("knobs", knobs, problems);
        int configurations = within(problems, "configurations", r.configurations(), 10, 3, 200);
        List<Double> ratios = r.readRatios() == null ? List.of(0.1, 0.5, 0.9) : r.readRatios();
        if (Boolean.TRUE.equals(r.observedWorkloads())) {
            ratios = observedReadRatios.apply(Optional.empty());
            if (ratios.isEmpty()) {
                problems.add(new InputViolation("observedWorkloads", "NO_OBSERVATIONS", "true", "a serving cluster that reports",
                        "no serving cluster has reported a read ratio yet; give readRatios instead"));
                ratios = List.of(0.5);
            }
        }
        if (ratios.isEmpty() || ratios.size() > 11 || ratios.stream().anyMatch(x -> x == null || !(x >= 0 && x <= 1))
                || ratios.stream().distinct().count() != ratios.size()) {
            problems.add(new InputViolation("readRatios", "RANGE", clip(String.valueOf(ratios)), "1 to 11 distinct numbers in [0, 1]",
                    "read ratios are 1 to 11 distinct numbers in [0, 1]"));
        }
        int guided = within(problems, "guided", r.guided(), 0, 0, 197);
        if (configurations - guided < 3) {
            problems.add(new InputViolation("guided", "RANGE", Integer.toString(guided), "at most configurations - 3",
                    "guided " + guided + " leaves " + (configurations - guided) + " space-filling configurations; at least 3 "
                            + "(the defaults, every knob's minimum and maximum) are needed"));
        }
        GuidedDesign.Criterion guidance = GuidedDesign.Criterion.EXPECTED_IMPROVEMENT;
        if (r.guidance() != null) {
            try {
                guidance = GuidedDesign.Criterion.valueOf(r.guidance().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                problems.add(new InputViolation("guidance", "UNKNOWN", clip(r.guidance()),
                        Arrays.toString(GuidedDesign.Criterion.values()), "unknown guidance"));
            }
        }
        Optional<ModelSet> guide = guided > 0 ? model.get() : Optional.empty();
        if (guided > 0 && guide.isEmpty()) {
            problems.add(new InputViolation("guided", "NO_MODEL", Integer.toString(guided), "0 until a model is trained",
                    "guided configurations are picked by the model in use, and none is trained yet"));
        }
        int repetitions = within(problems, "repetitions", r.repetitions(), 1, 1, 10);
        int anchorEvery = within(problems, "anchorEvery", r.anchorEvery(), 8, 0, 100);
        int maxAttempts = within(problems, "maxAttempts", r.maxAttempts(), 3, 1, 5);
        long rows = within(problems, "rows", r.rows(), 50_000L, 100L, 100_000_000L);
        long operations = within(problems, "operations", r.operations(), 500_000L, 100L, 1_000_000_000L);
        int threads = within(problems, "threads", r.threads(), 32, 1, 1024);
        RequestDistribution distribution = RequestDistribution.ZIPFIAN;
        if (r.distribution() != null) {
            try {
                distribution = RequestDistribution.valueOf(r.distribution().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                problems.add(new InputViolation("distribution", "UNKNOWN", clip(r.distribution()),
                        Arrays.toString(RequestDistribution.values()), "unknown key distribution"));
            }
        }
        List<String> nodes = r.nodes() == null || r.nodes().isEmpty() ? properties.experimentNodes() : r.nodes();
        checks.nodeProblems(nodes, problems);
        if (problems.isEmpty() && configurations * ratios.size() * repetitions > properties.maxRuns()) {
            problems.add(new InputViolation("configurations", "BUDGET",
                    Integer.toString(configurations * ratios.size() * repetitions), "at most " + properties.maxRuns() + " runs",
                    configurations + " configurations x " + ratios.size() + " read ratios x " + repetitions
                            + " repetitions exceed the campaign budget (ctuner.advisor.campaigns.max-runs)"));
        }
        if (!problems.isEmpty()) {
            throw new InvalidInputException(problems);
        }
        Instant now = clock.instant();
        long seed = r.seed() == null ? now.toEpochMilli() : r.seed();
        CampaignSettings settings = CampaignSettings.design(knobs, configurations, ratios, repetitions, anchorEvery, maxAttempts,
                new CampaignPlan.WorkloadSize(rows, operations, threads, distribution), seed, nodes);
        List<DesignPoint> points;
        try {
            points = guided == 0
                    ? TrainingDesign.of(catalog, knobs, properties.nodeFacts().toNodeFacts(), configurations,
                            new SplittableRandom(seed)).configurations()
                    : GuidedDesign.of(catalog, knobs, properties.nodeFacts().toNodeFacts(), configurations - guided, guided,
                            Math.max(POOL, guided), guide.orElseThrow(), ratios.stream().map(Workload::ofReadRatio).toList(),
                            new SplittableRandom(seed), MIN_DISTANCE, guidance).configurations();
        } catch (IllegalArgumentException e) {   // e.g. the model does not know a knob of the design
            throw new InvalidInputException(List.of(new InputViolation("guided", "MODEL", Integer.toString(guided),
                    "knobs the model in use knows", e.getMessage())));
        }
        settings.plan(points);   // the plan must be valid before the campaign is stored
        Campaign created = store.create(new Campaign(UUID.randomUUID(), name, Campaign.State.RUNNING, settings, points,
                actor, now, now, Optional.empty(), 0));
        log.info("campaign {} ({}) started by {}: {} configurations x {} read ratios x {} repetitions on {}", name, created.id(),
                actor, configurations, ratios.size(), repetitions, nodes);
        wake.run();
        return created;
    }

    /**
     * Starts a race of an operator's picks against a serving cluster's configuration on the experiment
     * nodes. Checked in full before anything is stored.
     */
    public Campaign startRace(RaceRequest r, String actor) {
        List<InputViolation> problems = new ArrayList<>();
        String cluster = r.clusterId() == null ? "" : r.clusterId();
        if (cluster.isBlank() || cluster.length() > 200) {
            problems.add(new InputViolation("clusterId", "REQUIRED", clip(cluster), "the serving cluster's id",
                    "name the serving cluster whose configuration is raced"));
        }
        Instant now = clock.instant();
        String name = r.name() == null ? "race-" + cluster.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-") + "-"
                + now.getEpochSecond() : r.name();
        if (name.length() > 60) {
            name = name.substring(0, 60);
        }
        checks.nameProblems(name, problems);
        Map<String, String> current = r.current() == null ? Map.of() : r.current();
        List<Map<String, String>> picks = r.picks() == null ? List.of() : r.picks();
        if (picks.isEmpty() || picks.size() > 5) {
            problems.add(new InputViolation("picks", "SIZE", Integer.toString(picks.size()), "1 to 5 configurations",
                    "a race needs 1 to 5 configurations to race against the current one"));
        }
        Set<String> knobs = new TreeSet<>(current.keySet());
        picks.stream().filter(p -> p != null).forEach(p -> knobs.addAll(p.keySet()));
        checks.knobProblems("picks", List.copyOf(knobs), problems);
        checks.valueProblems("current", current, problems);
        for (int i = 0; i < picks.size(); i++) {
            if (picks.get(i) == null || picks.get(i).equals(current)) {
                problems.add(new InputViolation("picks[" + i + "]", "SAME", "", "a configuration other than current",
                        "pick " + (i + 1) + " is the current configuration"));
            } else {
                checks.valueProblems("picks[" + i + "]", picks.get(i), problems);
            }
        }
        List<Double> ratios = r.readRatios() != null ? r.readRatios() : observedReadRatios.apply(Optional.of(cluster));
        if (ratios.isEmpty()) {
            ratios = List.of(CampaignPlan.ANCHOR_READ_RATIO);
        }
        if (ratios.size() > 11 || ratios.stream().anyMatch(x -> x == null || !(x >= 0 && x <= 1))
                || ratios.stream().distinct().count() != ratios.size()) {
            problems.add(new InputViolation("readRatios", "RANGE", clip(String.valueOf(ratios)), "1 to 11 distinct numbers in [0, 1]",
                    "read ratios are 1 to 11 distinct numbers in [0, 1]"));
        }
        int budget = within(problems, "budget", r.budget(), properties.raceBudget(), 4, 200);
        int firstTest = within(problems, "firstTest", r.firstTest(), 5, 2, 20);
        long rows = within(problems, "rows", r.rows(), 50_000L, 100L, 100_000_000L);
        long operations = within(problems, "operations", r.operations(), 500_000L, 100L, 1_000_000_000L);
        int threads = within(problems, "threads", r.threads(), 32, 1, 1024);
        checks.nodeProblems(properties.experimentNodes(), problems);
        if (!problems.isEmpty()) {
            throw new InvalidInputException(problems);
        }
        List<DesignPoint> design = new ArrayList<>();
        design.add(new DesignPoint("current", current));
        for (int i = 0; i < picks.size(); i++) {
            design.add(new DesignPoint("pick" + (i + 1), picks.get(i)));
        }
        CampaignSettings settings = new CampaignSettings(CampaignSettings.Kind.RACE, List.copyOf(knobs), design.size(), ratios,
                1, 0, 3, new CampaignPlan.WorkloadSize(rows, operations, threads, RequestDistribution.ZIPFIAN),
                r.seed() == null ? now.toEpochMilli() : r.seed(), properties.experimentNodes(), budget, firstTest, cluster);
        settings.race(design);   // valid before it is stored
        Campaign created = store.create(new Campaign(UUID.randomUUID(), name, Campaign.State.RUNNING, settings, design, actor, now,
                now, Optional.empty(), 0));
        log.info("race {} started by {}: {} pick(s) against the current configuration of {} at read ratios {}, budget {}",
                name, actor, picks.size(), cluster, ratios, budget);
        wake.run();
        return created;
    }

    /**
     * The tuning loop's race of {@code pick} against {@code current} for {@code cluster}: the one started
     * before for the same change (found by name), or a new one at the read ratio the cluster runs.
     */
    public Campaign raceFor(ClusterId cluster, Map<String, String> current, Map<String, String> pick, String actor) {
        String key = new TreeMap<>(current) + "|" + new TreeMap<>(pick);
        String hash = String.format(Locale.ROOT, "%08x", key.hashCode());
        String prefix = "race-" + cluster.value().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        String name = (prefix.length() > 50 ? prefix.substring(0, 50) : prefix) + "-" + hash;
        Optional<Campaign> found = store.findByName(name);
        if (found.isPresent()) {
            return found.get();
        }
        return startRace(new RaceRequest(name, cluster.value(), current, List.of(pick), null, null, null, null, null, null,
                (long) key.hashCode()), actor);
    }

    /** What a finished race says: present once a RACE campaign is DONE (replayed on its stored measurements). */
    public Optional<RaceSchedule.Raced> raced(Campaign race) {
        if (race.settings().kind() != CampaignSettings.Kind.RACE || race.state() != Campaign.State.DONE || samples == null) {
            return Optional.empty();
        }
        // a race that is DONE never changes: replayed once, not at every decision of the loop that reads it
        return racedOutcomes.computeIfAbsent(race.id(), id -> {
            List<CampaignRun> runs = store.runs(race.id());
            CampaignSchedule.Step step = RaceSchedule.next(race.settings().race(race.design()),
                    runs.stream().map(CampaignRun::attemptRecord).toList(), CampaignRunner.measured(race.name(), runs, samples),
                    race.settings().maxAttempts());
            return step instanceof RaceSchedule.Raced raced ? Optional.of(raced) : Optional.empty();
        });
    }

    /** Experiments a campaign sent so far. */
    public int experimentsSent(Campaign c) {
        return store.runs(c.id()).size();
    }

    /**
     * How far a campaign is: planned measurements, the outcomes of those sent (anchors apart), anchors,
     * experiments sent, and the one running.
     */
    public record Progress(int plannedRuns, int ok, int noisy, int faulted, int refused, int anchors, int experimentsSent,
                           Optional<String> running) {
    }

    public Progress progress(Campaign c) {
        return progress(c, store.runs(c.id()));
    }

    /** The progress of each of {@code campaigns} (a listing), their runs read in one query. */
    public Map<UUID, Progress> progress(List<Campaign> campaigns) {
        Map<UUID, List<CampaignRun>> runs = store.runs(campaigns.stream().map(Campaign::id).toList());
        Map<UUID, Progress> out = new java.util.LinkedHashMap<>();
        campaigns.forEach(c -> out.put(c.id(), progress(c, runs.get(c.id()))));
        return out;
    }

    private static Progress progress(Campaign c, List<CampaignRun> runs) {
        List<CampaignRun> design = runs.stream().filter(r -> !r.attemptRecord().anchor()).toList();
        java.util.function.ToIntFunction<RunAttempt.Outcome> count =
                o -> (int) design.stream().filter(r -> r.outcome() == o).count();
        return new Progress(c.settings().plannedRuns(), count.applyAsInt(RunAttempt.Outcome.OK),
                count.applyAsInt(RunAttempt.Outcome.NOISY), count.applyAsInt(RunAttempt.Outcome.FAULTED),
                count.applyAsInt(RunAttempt.Outcome.REFUSED), runs.size() - design.size(), runs.size(),
                runs.stream().filter(r -> !r.outcome().ended()).map(CampaignRun::experimentId).findFirst());
    }

    /** One experiment a campaign sent, with its stored measurement once there is one. */
    public record Experiment(CampaignRun run, Optional<ExperimentSampleStore.StoredExperiment> measured) {
    }

    /** The campaign's experiments in the order sent, each with its stored measurement. */
    public List<Experiment> experiments(Campaign c) {
        Map<String, ExperimentSampleStore.StoredExperiment> measured = new HashMap<>();
        if (samples != null) {
            samples.ofCampaign(c.name()).forEach(e -> measured.putIfAbsent(e.experimentId(), e));
        }
        return store.runs(c.id()).stream().map(r -> new Experiment(r, Optional.ofNullable(measured.get(r.experimentId()))))
                .toList();
    }

    /** The configured experiment nodes, {@code cluster/node}. */
    public List<String> experimentNodes() {
        return properties.experimentNodes();
    }

    public Campaign get(String idOrName) {
        Optional<Campaign> found = Optional.empty();
        try {
            found = store.find(UUID.fromString(idOrName));
        } catch (IllegalArgumentException notAnId) {
            // a name
        }
        return found.or(() -> store.findByName(idOrName))
                .orElseThrow(() -> new NotFoundException("campaign (id or name)", clip(idOrName)));
    }

    public List<Campaign> list(int limit) {
        return store.all(limit);
    }

    /** Cancels a running campaign; the experiment running then ends and is kept. */
    public Campaign cancel(String idOrName, String actor, String comment) {
        Campaign c = get(idOrName);
        if (c.state().ended()) {
            throw new CampaignStateException("campaign " + c.name() + " has ended already (" + c.state()
                    + "); only a running campaign can be cancelled");
        }
        log.info("campaign {} cancelled by {}: {}", c.name(), actor, comment);
        return store.transition(c, Campaign.State.CANCELLED, "cancelled by " + actor + ": " + comment, clock.instant());
    }
}
