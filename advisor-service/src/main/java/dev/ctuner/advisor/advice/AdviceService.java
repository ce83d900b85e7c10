package dev.ctuner.advisor.advice;

import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.core.search.KnobChange;
import dev.ctuner.advisor.core.search.Objective;
import dev.ctuner.advisor.core.search.Recommendation;
import dev.ctuner.advisor.core.search.Recommender;
import dev.ctuner.advisor.learning.LearningProperties;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.TrainedModel;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.stereotype.Service;

/**
 * Answers "what configuration for this workload?" with the trained surrogates and the search core
 * ({@link Recommender}), checking the question first and reporting every problem at once. The
 * wall-clock time of the search is measured here: the core has no clock.
 *
 * <pre>{@code
 * Advice a = adviceService.advise(query);   // NoModelException before a model is trained
 * }</pre>
 */
@Service
public class AdviceService {

    private final LearningService learning;
    private final KnobCatalog catalog;

    public AdviceService(LearningService learning, KnobCatalog catalog) {
        this.learning = learning;
        this.catalog = catalog;
    }

    public Advice advise(AdviceQuery query) {
        TrainedModel model = learning.require();
        ModelSet models = model.models();
        List<InputViolation> problems = new ArrayList<>();
        Workload workload = RequestChecks.workload("workload", query.mix(), problems);
        RequestChecks.design("physicalDesign", query.design(), problems);
        Objective objective = query.objective().toObjective(problems);
        Configuration current = RequestChecks.configuration("current", query.current(), catalog,
                models.encoder().facts(), problems);
        if (!problems.isEmpty()) {
            throw new InvalidInputException(problems);
        }
        requireTargets(model, objective);
        LearningProperties p = learning.properties();
        long seed = query.seed().orElse(p.seed());
        long start = System.nanoTime();
        Recommendation r = new Recommender(models, p.geneticSearch(), p.maxRelativeSpread())
                .recommend(workload, query.design(), objective, current, seed);
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        return new Advice(workload, objective, current, r, tiers(r.changes()), model.provenance(), seed, elapsedMs);
    }

    /** @throws UnsupportedByModelException when the objective reads a target the model set lacks */
    public static void requireTargets(TrainedModel model, Objective objective) {
        for (Target t : objective.targets()) {
            if (model.models().model(t).isEmpty()) {
                throw new UnsupportedByModelException("the trained model has no model of " + t + " ("
                        + model.provenance().measured().getOrDefault(t, 0L) + " training samples measured it, 4 needed); "
                        + "choose another objective or train on data that measures it");
            }
        }
    }

    private Map<KnobName, ApplyMode> tiers(List<KnobChange> changes) {
        Map<KnobName, ApplyMode> tiers = new TreeMap<>();
        for (KnobChange c : changes) {
            Knob knob = catalog.knob(c.knob()).orElseThrow();
            tiers.put(c.knob(), c.from().map(from -> knob.applyModeFor(from, c.to())).orElse(knob.applyMode()));
        }
        return tiers;
    }
}
