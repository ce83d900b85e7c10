package dev.ctuner.advisor.core.learning;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * How far a trained model can be trusted, computed once from its training data: its error on
 * configurations (and workloads) it did not see, by grouped cross-validation ({@link ModelEvaluation},
 * RAFIKI §3.1 step 4); a learning curve (held-out error against the number of training samples, to
 * tell whether more measurements would still help); and each knob's influence on the model's
 * throughput ({@link KnobInfluence}). Whatever cannot be computed from the data is left out with the
 * reason in {@link #notes}; nothing here throws for data that is merely too small.
 *
 * <pre>{@code
 * ModelDiagnostics d = ModelDiagnostics.of(samples, models, ModelFamily.RANDOM_FOREST.quickTrainer(),
 *         ModelDiagnostics.Settings.DEFAULTS, 42);
 * d.crossValidated();   // per target and split kind: MAPE, median APE, R², RMSE over 3 repetitions
 * d.learningCurve();    // [(24 samples, MAPE 14 %), (48, 9 %), ...]
 * }</pre>
 *
 * @param trainer        what the diagnostic models were fitted with ({@link SurrogateTrainer#describe})
 * @param crossValidated per target and split kind, the mean held-out error over the repetitions
 * @param curveTarget    the target of the learning curve (throughput, which every model has)
 * @param learningCurve  held-out error on unseen configurations against training samples, fewest first
 * @param influence      knobs by their influence on predicted throughput, highest first
 * @param notes          what was left out and why
 */
public record ModelDiagnostics(Settings settings, String trainer, List<EvaluationRow> crossValidated, Target curveTarget,
                               List<CurvePoint> learningCurve, List<KnobInfluence> influence, List<String> notes) {

    /**
     * @param repetitions  grouped splits per split kind (and per learning-curve size)
     * @param testFraction share of the groups held out in each split
     * @param curvePoints  training-set sizes on the learning curve
     * @param maxLevels    levels tried per knob for its influence
     */
    public record Settings(int repetitions, double testFraction, int curvePoints, int maxLevels) {

        /** 3 repetitions of 75/25 splits, 5 curve points, 6 levels per knob. */
        public static final Settings DEFAULTS = new Settings(3, 0.25, 5, 6);

        public Settings {
            if (repetitions < 1 || curvePoints < 1 || maxLevels < 2 || !(testFraction > 0 && testFraction < 1)) {
                throw new IllegalArgumentException("need repetitions ≥ 1, curvePoints ≥ 1, maxLevels ≥ 2, testFraction in (0, 1)");
            }
        }
    }

    /** The smallest training set a learning-curve point uses. */
    static final int MIN_CURVE_SAMPLES = 8;

    public ModelDiagnostics {
        crossValidated = List.copyOf(crossValidated);
        learningCurve = List.copyOf(learningCurve);
        influence = List.copyOf(influence);
        notes = List.copyOf(notes);
    }

    /**
     * Diagnoses {@code models}, trained on {@code samples}: the held-out errors are those of models
     * fitted with {@code trainer} (the models' own, or a lighter one of their family,
     * {@link ModelFamily#quickTrainer}). The splits, and so the numbers, depend only on the data and
     * {@code seed}.
     */
    public static ModelDiagnostics of(List<Sample> samples, ModelSet models, SurrogateTrainer trainer, Settings settings,
                                      long seed) {
        List<String> notes = new ArrayList<>();
        ModelEvaluation evaluation = new ModelEvaluation(models.encoder(), settings.testFraction(), settings.repetitions());
        List<EvaluationRow> rows = new ArrayList<>();
        for (SplitKind kind : SplitKind.values()) {
            try {
                List<EvaluationRow> found = evaluation.compare(samples, Map.of("model", trainer), List.of(kind), seed);
                rows.addAll(found);
                for (Target t : Target.values()) {
                    if (models.model(t).isPresent() && found.stream().noneMatch(r -> r.target() == t)) {
                        notes.add(t.label() + ", " + kind.label() + ": too few measurements on one side of every split");
                    }
                }
            } catch (IllegalArgumentException tooFewGroups) {
                notes.add("No " + kind.label() + " cross-validation: " + tooFewGroups.getMessage());
            }
        }
        List<CurvePoint> curve = List.of();
        try {
            int largest = evaluation.smallestTrainingSide(samples, SplitKind.UNSEEN_CONFIGURATION, seed);
            int[] sizes = curveSizes(largest, settings.curvePoints());
            if (sizes.length < 2) {
                notes.add("No learning curve: the training side of a split holds " + largest + " samples, too few for two points of at least "
                        + MIN_CURVE_SAMPLES);
            } else {
                curve = evaluation.learningCurve(samples, trainer, Target.THROUGHPUT, sizes, seed);
            }
        } catch (IllegalArgumentException tooFewGroups) {
            notes.add("No learning curve: " + tooFewGroups.getMessage());
        }
        List<KnobInfluence> influence = models.model(Target.THROUGHPUT).isPresent()
                ? KnobInfluence.rank(samples, models, Target.THROUGHPUT, settings.maxLevels()) : List.of();
        if (influence.isEmpty()) {
            notes.add("No knob influence: no knob takes two or more values in the training data");
        }
        return new ModelDiagnostics(settings, trainer.describe(), rows, Target.THROUGHPUT, curve, influence, notes);
    }

    /**
     * Up to {@code points} training-set sizes from an eighth of {@code largest} up to {@code largest}: evenly
     * spaced on a log scale (where a learning curve changes most), at least {@link #MIN_CURVE_SAMPLES}, distinct.
     */
    static int[] curveSizes(int largest, int points) {
        if (largest < MIN_CURVE_SAMPLES) {
            return new int[0];
        }
        int smallest = Math.max(MIN_CURVE_SAMPLES, largest / 8);
        TreeSet<Integer> sizes = new TreeSet<>();
        for (int i = 0; i < points; i++) {
            double f = points == 1 ? 1 : i / (double) (points - 1);
            sizes.add((int) Math.round(Math.exp(Math.log(smallest) + f * (Math.log(largest) - Math.log(smallest)))));
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The cross-validated row of {@code target} under {@code kind}, if there is one. */
    public java.util.Optional<EvaluationRow> row(Target target, SplitKind kind) {
        return crossValidated.stream().filter(r -> r.target() == target && r.split() == kind).findFirst();
    }
}
