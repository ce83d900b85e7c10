package dev.ctuner.advisor.core.search;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Constraint;
import dev.ctuner.common.catalog.Violation;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The search space and its evaluation for one workload and physical design: genes (one per chosen
 * knob, in [0, 1]) are repaired to legal values by the encoder, laid over the current
 * configuration, checked against the catalog's ERROR constraints on the effective configuration,
 * and scored by the objective over the surrogates' predictions. Counts its evaluations. Not
 * thread-safe (the search runs on the caller's thread).
 *
 * <pre>{@code
 * SearchProblem p = new SearchProblem(models, Workload.ofReadRatio(0.9), new PhysicalDesign(1, 1),
 *         current, new Objective.MaxThroughput());
 * Candidate c = p.evaluate(new double[] {0.5, 0.5});
 * }</pre>
 */
public final class SearchProblem {

    private final ModelSet models;
    private final Workload workload;
    private final PhysicalDesign design;
    private final Configuration current;
    private final Objective objective;
    private final List<Constraint> constraints;
    private long evaluations;

    public SearchProblem(ModelSet models, Workload workload, PhysicalDesign design, Configuration current,
                         Objective objective) {
        this.models = models;
        this.workload = workload;
        this.design = design;
        this.current = current;
        this.objective = objective;
        for (Target t : objective.targets()) {
            if (models.model(t).isEmpty()) {
                throw new IllegalArgumentException("the objective needs a model of " + t + ", which the model set lacks");
            }
        }
        this.constraints = models.encoder().catalog().constraints().stream()
                .filter(c -> c.severity() == Violation.Severity.ERROR).toList();
    }

    public int dimension() {
        return models.encoder().knobs().size();
    }

    public FeatureEncoder encoder() {
        return models.encoder();
    }

    public ModelSet models() {
        return models;
    }

    public Workload workload() {
        return workload;
    }

    public Configuration current() {
        return current;
    }

    public Objective objective() {
        return objective;
    }

    /** Surrogate evaluations so far. */
    public long evaluations() {
        return evaluations;
    }

    public Candidate evaluate(double[] genes) {
        FeatureEncoder encoder = models.encoder();
        Configuration chosen = encoder.decode(genes);
        Configuration explicit = current.with(chosen);
        Map<Target, Prediction> predictions = models.predict(workload, design, explicit);
        evaluations++;
        List<String> broken = brokenConstraints(explicit);
        Fitness fitness = new Fitness(broken.size(), objective.shortfall(predictions), objective.value(predictions));
        return new Candidate(chosen, encoder.toGenes(chosen), predictions, broken, fitness);
    }

    private List<String> brokenConstraints(Configuration explicit) {
        if (constraints.isEmpty()) {
            return List.of();
        }
        FeatureEncoder encoder = models.encoder();
        Configuration effective = encoder.catalog().effective(explicit, encoder.facts());
        List<String> broken = new ArrayList<>();
        for (Constraint c : constraints) {
            try {
                if (!c.holds().test(effective, encoder.facts())) {
                    broken.add(c.id());
                }
            } catch (NoSuchElementException | ClassCastException notApplicable) {
                // a knob the rule reads is unset on this node: the rule does not apply
            }
        }
        return broken;
    }
}
