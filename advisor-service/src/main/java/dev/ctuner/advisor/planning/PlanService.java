package dev.ctuner.advisor.planning;

import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.advice.InvalidInputException;
import dev.ctuner.advisor.advice.RequestChecks;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.core.planning.CatalogTiers;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.OptimumCache;
import dev.ctuner.advisor.core.planning.PlanProposal;
import dev.ctuner.advisor.core.planning.Planner;
import dev.ctuner.advisor.core.planning.RecommenderOptimizer;
import dev.ctuner.advisor.core.planning.SurrogateThroughput;
import dev.ctuner.advisor.core.search.Recommender;
import dev.ctuner.advisor.learning.LearningProperties;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.TrainedModel;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;

/**
 * Answers "when should the configuration change, and to what?" for a workload forecast with the
 * core planner ({@link Planner}, exact DP; EUNOMIA Eq. 7-8) over the trained throughput surrogate.
 * Without candidates it takes the search's optimum per distinct forecast workload from the core's
 * {@link OptimumCache}. Checks the question first and reports every problem at once.
 *
 * <pre>{@code
 * PlanResult r = planService.plan(query);   // NoModelException before a model is trained
 * }</pre>
 */
@Service
public class PlanService {

    /** Forecast mixes closer than this (Euclidean) share one optimum (EUNOMIA §4.4's cached f_ops). */
    static final double OPTIMUM_RADIUS = 0.05;

    private final LearningService learning;
    private final KnobCatalog catalog;

    public PlanService(LearningService learning, KnobCatalog catalog) {
        this.learning = learning;
        this.catalog = catalog;
    }

    public PlanResult plan(PlanQuery query) {
        TrainedModel model = learning.require();
        ModelSet models = model.models();
        NodeFacts facts = models.encoder().facts();
        List<InputViolation> problems = new ArrayList<>();
        List<WorkloadVector> forecast = forecast(query.forecast(), problems);
        RequestChecks.design("physicalDesign", query.design(), problems);
        Configuration current = RequestChecks.configuration("current", query.current(), catalog, facts, problems);
        List<Configuration> listed = new ArrayList<>();
        query.candidates().ifPresent(cs -> {
            for (int i = 0; i < cs.size(); i++) {
                listed.add(RequestChecks.change("candidates[" + i + "]", cs.get(i), current, catalog, facts, problems));
            }
        });
        checkCosts(query, problems);
        if (!problems.isEmpty()) {
            throw new InvalidInputException(problems);
        }
        PlanQuery.Costs c = query.costs();
        CostModel cost = new CostModel(c.restartSeconds(), query.design().nodes(), c.nodesDownPerRound(), c.rounds(),
                c.rewriteFraction(), c.rewriteSeconds(), 0);
        long start = System.nanoTime();
        List<Configuration> candidates;
        PlanResult.CandidateSource source;
        if (query.candidates().isPresent()) {
            candidates = listed;
            source = PlanResult.CandidateSource.REQUEST;
        } else {
            candidates = optima(models, query, forecast, current);
            source = PlanResult.CandidateSource.SURROGATE_OPTIMA;
        }
        Planner planner = new Planner(new SurrogateThroughput(models, query.design(), RequestChecks.DISTRIBUTION), cost,
                new CatalogTiers(catalog, facts), query.margin(), query.minSpacingSeconds());
        int cooldownSteps = (int) Math.ceil(query.cooldownSeconds() / query.stepSeconds() - 1e-9);
        PlanProposal proposal = planner.plan(forecast, query.stepSeconds(), current, candidates, cooldownSteps);
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        LinkedHashSet<Configuration> considered = new LinkedHashSet<>();
        considered.add(current);
        considered.addAll(candidates);
        return new PlanResult(current, proposal, List.copyOf(considered), source, cost, model.provenance(), elapsedMs);
    }

    private List<Configuration> optima(ModelSet models, PlanQuery query, List<WorkloadVector> forecast,
                                       Configuration current) {
        LearningProperties p = learning.properties();
        Recommender recommender = new Recommender(models, p.geneticSearch(), p.maxRelativeSpread());
        OptimumCache cache = new OptimumCache(new RecommenderOptimizer(recommender, query.design(),
                RequestChecks.DISTRIBUTION, query.seed().orElse(p.seed())), OPTIMUM_RADIUS);
        // an optimum sets the tuned knobs only; every other knob keeps its current value
        LinkedHashSet<Configuration> out = new LinkedHashSet<>();
        for (Configuration optimum : cache.candidates(forecast)) {
            out.add(current.with(optimum));
        }
        return List.copyOf(out);
    }

    private static List<WorkloadVector> forecast(List<PlanQuery.Step> steps, List<InputViolation> problems) {
        List<WorkloadVector> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            PlanQuery.Step s = steps.get(i);
            String field = "forecast.steps[" + i + "]";
            Workload w = RequestChecks.workload(field, s.mix(), problems);
            if (!(s.rate() >= 0) || Double.isInfinite(s.rate())) {
                problems.add(new InputViolation(field + ".rate", "OUT_OF_RANGE", Double.toString(s.rate()),
                        "a non-negative number of operations per second", "a forecast rate is at least 0"));
            } else if (w != null) {
                out.add(new WorkloadVector(s.mix(), s.rate()));
            }
        }
        return out;
    }

    private static void checkCosts(PlanQuery q, List<InputViolation> problems) {
        PlanQuery.Costs c = q.costs();
        int nodes = q.design().nodes();
        if (c.nodesDownPerRound() > nodes) {
            problems.add(new InputViolation("nodesDownPerRound", "OUT_OF_RANGE", Integer.toString(c.nodesDownPerRound()),
                    "1.." + nodes, "no more nodes can be down in a round than the cluster has"));
        } else {
            int least = (nodes + c.nodesDownPerRound() - 1) / c.nodesDownPerRound();
            if (c.rounds() < least) {
                problems.add(new InputViolation("rounds", "OUT_OF_RANGE", Integer.toString(c.rounds()), "≥ " + least,
                        String.format(Locale.ROOT, "restarting %d nodes %d at a time takes at least %d rounds", nodes,
                                c.nodesDownPerRound(), least)));
            }
        }
    }
}
