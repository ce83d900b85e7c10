package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.config.VettingProperties;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.core.observation.ClusterWindows;
import dev.ctuner.advisor.core.planning.CatalogTiers;
import dev.ctuner.advisor.core.planning.OptimumCache;
import dev.ctuner.advisor.core.planning.RecommenderOptimizer;
import dev.ctuner.advisor.core.safety.PlanRequest;
import dev.ctuner.advisor.core.safety.PlanResult;
import dev.ctuner.advisor.core.safety.RingAssembly;
import dev.ctuner.advisor.core.safety.SafeRoundPlanner;
import dev.ctuner.advisor.core.search.Recommender;
import dev.ctuner.advisor.core.tuning.CostInputs;
import dev.ctuner.advisor.core.tuning.DecisionInput;
import dev.ctuner.advisor.core.tuning.ModelSetThroughput;
import dev.ctuner.advisor.core.tuning.UncertainThroughput;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.TrainedModel;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.store.Observation;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Gathers what the decider needs for one cluster from the stores: the workload series from the stored
 * samples, the configuration the nodes read back, the trained model, the candidate configurations
 * (cached optima per model), and the cost of a change (T_r measured on this cluster's rollouts, the
 * rounds the safety planner gives on the reported ring).
 *
 * <pre>{@code
 * DecisionInputs.Gathered g = inputs.gather(cluster, now);
 * if (g.input() == null) { hold(g.missing()); }
 * }</pre>
 */
class DecisionInputs {

    /**
     * The input, or why there is none ({@code input} null, {@code missing} says what is missing); {@code table} is the
     * workload's table, the one a proposal of table options changes.
     */
    record Gathered(DecisionInput input, String missing, List<ClusterWindow> windows, TrainedModel model, Optional<WorkloadTable> table) {

        Gathered(DecisionInput input, String missing, List<ClusterWindow> windows, TrainedModel model) {
            this(input, missing, windows, model, Optional.empty());
        }
    }

    private final ObservationStore observations;
    private final LearningService learning;
    private final ReportedRings rings;
    private final ClusterRegistry registry;
    private final RolloutStore rollouts;
    private final SafeRoundPlanner planner;
    private final KnobCatalog catalog;
    private final TuningProperties properties;
    private final VettingProperties vetting;
    private final Map<ClusterId, CachedOptima> optima = new ConcurrentHashMap<>();
    private final boolean raced;

    DecisionInputs(ObservationStore observations, LearningService learning, ReportedRings rings, ClusterRegistry registry,
                   RolloutStore rollouts, SafeRoundPlanner planner, KnobCatalog catalog, TuningProperties properties,
                   VettingProperties vetting, boolean raced) {
        this.raced = raced;
        this.vetting = vetting;
        this.registry = registry;
        this.observations = observations;
        this.learning = learning;
        this.rings = rings;
        this.rollouts = rollouts;
        this.planner = planner;
        this.catalog = catalog;
        this.properties = properties;
    }

    Gathered gather(ClusterId cluster, Instant now) {
        TrainedModel model = learning.current().orElse(null);
        Duration step = properties.step();
        List<ClusterWindow> windows = observations.series(cluster, now.minus(properties.history()), now, step);
        if (model == null) {
            return new Gathered(null, "no model trained yet (see GET /api/v1/model)", windows, null);
        }
        if (windows.isEmpty()) {
            return new Gathered(null, "no workload samples stored for the last " + properties.history(), windows, model);
        }
        WorkloadSeries series = ClusterWindows.toWorkloadSeries(windows, step);
        Map<NodeId, Map<String, String>> readBack = new LinkedHashMap<>();
        for (Map.Entry<NodeId, Observation> e : observations.latestPerNode(cluster, properties.history()).entrySet()) {
            readBack.put(e.getKey(), e.getValue().sample().configuration().values());
        }
        // the table options the model knows are read from, and proposed for, the table that carries the workload
        Optional<WorkloadTable> table = WorkloadTable.of(observations.samples(cluster, Optional.empty(),
                now.minus(step.multipliedBy(10)), now, 200).stream().map(Observation::sample).toList(), properties.tableMinShare());
        CurrentConfiguration current = CurrentConfiguration.of(catalog, model.provenance().knobs(), readBack,
                table.map(WorkloadTable::name));
        if (!current.problems().isEmpty()) {
            return new Gathered(null, "the current configuration is not known: " + String.join("; ", current.problems()),
                    windows, model);
        }
        TrainedModel.TrainingShape shape = model.shape();
        UnaryOperator<WorkloadVector> asMeasured = shape.measuredInserts() ? UnaryOperator.identity() : WorkloadVector::insertsAsUpdates;
        UncertainThroughput throughput = new ModelSetThroughput(model.models(), shape.design(), shape.distribution(), asMeasured);
        CatalogTiers tiers = new CatalogTiers(catalog, model.provenance().hardware());
        List<WorkloadVector> recent = series.vectors().subList(Math.max(0, series.size() - 3), series.size()).stream()
                .filter(w -> w.rate() > 0).map(asMeasured).toList();
        OptimumCache cache = optima.compute(cluster, (c, cached) -> cached != null && cached.model() == model ? cached
                : new CachedOptima(model, new OptimumCache(new RecommenderOptimizer(new Recommender(model.models(),
                        learning.properties().geneticSearch(), learning.properties().maxRelativeSpread()), shape.design(),
                        shape.distribution(), learning.properties().seed()), 0.1))).cache();
        var candidates = CandidateConfigurations.of(cache, recent, current.configuration(), tiers, proposableTiers(),
                c -> acceptedOnTheNodes(current.configuration(), c));
        DecisionInput input = new DecisionInput(series, current.configuration(), candidates, throughput, tiers, cost(cluster));
        return new Gathered(input, null, windows, model, table);
    }

    /**
     * The tiers a proposal may need: up to vetting's highest tier; those vetting passes only after a race
     * on a real node only when an experiment node races the loop's proposals ({@code raced}).
     */
    Set<ApplyMode> proposableTiers() {
        Set<ApplyMode> tiers = EnumSet.noneOf(ApplyMode.class);
        for (ApplyMode t : List.of(ApplyMode.LIVE, ApplyMode.SCHEMA, ApplyMode.RESTART)) {
            if (t.compareTo(vetting.maxTier()) <= 0 && (raced || !vetting.raceRequiredFor().contains(t))) {
                tiers.add(t);
            }
        }
        return tiers;
    }

    /** Whether the catalog accepts every change from {@code current} to {@code candidate} on this cluster's nodes. */
    boolean acceptedOnTheNodes(dev.ctuner.common.catalog.Configuration current, dev.ctuner.common.catalog.Configuration candidate) {
        Map<String, String> changes = new LinkedHashMap<>();
        candidate.values().forEach((knob, value) -> {
            if (!value.equals(current.values().get(knob))) {
                changes.put(knob.value(), catalog.knob(knob).map(k -> k.format(value)).orElse(value.text()));
            }
        });
        return changes.isEmpty() || catalog.validate(changes, current, vetting.nodeFacts().toNodeFacts(), Set.of()).errors().isEmpty();
    }

    /** EUNOMIA Eq. 8's inputs for this cluster: T_r from its own RESTART rollouts, rounds from the reported ring. */
    CostInputs cost(ClusterId cluster) {
        List<Duration> restarts = rollouts.restartStepDurations(cluster, 20);
        OptionalDouble measured = restarts.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(restarts.stream().mapToDouble(d -> d.toMillis() / 1000.0).average().orElseThrow());
        if (measured.isEmpty()) {
            measured = OptionalDouble.of(properties.defaultRestartTime().toMillis() / 1000.0);
        }
        RingAssembly assembly = rings.assemble(cluster);
        if (assembly instanceof RingAssembly.Assembled assembled) {
            PlanResult plan = planner.plan(PlanRequest.allNodes(assembled.ring()).withCanaryFirst());
            int nodes = assembled.ring().nodes().size();
            if (plan instanceof PlanResult.Planned planned) {
                int largest = planned.plan().rounds().stream().mapToInt(r -> r.nodes().size()).max().orElse(1);
                return CostInputs.rolling(measured, nodes, largest, planned.plan().size());
            }
            return CostInputs.rolling(measured, nodes, 1, nodes);
        }
        int nodes = Math.max(1, registry.nodes(cluster).size());
        return CostInputs.rolling(measured, nodes, 1, nodes);
    }

    private record CachedOptima(TrainedModel model, OptimumCache cache) {
    }

    static double p99Millis(ClusterWindow w) {
        Double read = w.p99ReadMicros();
        Double write = w.p99WriteMicros();
        double worst = Math.max(read == null ? 0 : read, write == null ? 0 : write);
        return worst / 1000.0;
    }

}
