package dev.ctuner.advisor.core.learning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Model selection by grouped cross-validation (RAFIKI §3.1 step 4): for each repetition, a
 * 75/25 split that holds out whole configurations or whole workloads, every family trained on
 * the 75% and scored on the 25% per target; metrics averaged over repetitions (RAFIKI Table 2).
 * Splits depend only on the seed and the repetition, so every family sees the same splits.
 *
 * <pre>{@code
 * ModelEvaluation eval = new ModelEvaluation(encoder, 0.25, 10);
 * List<EvaluationRow> rows = eval.compare(samples, Map.of("RF", ModelFamily.RANDOM_FOREST.trainer()),
 *         List.of(SplitKind.UNSEEN_CONFIGURATION, SplitKind.UNSEEN_WORKLOAD), 42);
 * }</pre>
 */
public record ModelEvaluation(FeatureEncoder encoder, double testFraction, int repetitions) {

    public ModelEvaluation {
        if (!(testFraction > 0 && testFraction < 1) || repetitions < 1) {
            throw new IllegalArgumentException("testFraction must lie in (0, 1) and repetitions be at least 1");
        }
    }

    /** One row per (family, target, split kind) for targets with enough measurements on both sides. */
    public List<EvaluationRow> compare(List<Sample> samples, Map<String, SurrogateTrainer> families,
                                       List<SplitKind> splits, long seed) {
        List<EvaluationRow> rows = new ArrayList<>();
        for (SplitKind kind : splits) {
            List<GroupedSplit> folds = splits(samples, kind, seed);
            for (Map.Entry<String, SurrogateTrainer> family : new LinkedHashMap<>(families).entrySet()) {
                for (Target target : Target.values()) {
                    List<Metrics> runs = new ArrayList<>();
                    for (int r = 0; r < folds.size(); r++) {
                        score(folds.get(r).train(), folds.get(r).test(), target, family.getValue(), seed + r)
                                .ifPresent(runs::add);
                    }
                    if (!runs.isEmpty()) {
                        rows.add(EvaluationRow.of(family.getKey(), target, kind, runs));
                    }
                }
            }
        }
        return rows;
    }

    /**
     * Error on held-out configurations against the number of training samples: per repetition one
     * unseen-configuration split, then the first {@code size} samples of a seeded shuffle of its
     * training side for every size.
     */
    public List<CurvePoint> learningCurve(List<Sample> samples, SurrogateTrainer trainer, Target target, int[] sizes,
                                          long seed) {
        List<GroupedSplit> folds = splits(samples, SplitKind.UNSEEN_CONFIGURATION, seed);
        List<CurvePoint> points = new ArrayList<>();
        for (int size : sizes) {
            List<Metrics> runs = new ArrayList<>();
            for (int r = 0; r < folds.size(); r++) {
                List<Sample> train = new ArrayList<>(folds.get(r).train());
                shuffle(train, new SplittableRandom(seed * 31 + r));
                if (size <= train.size()) {
                    score(train.subList(0, size), folds.get(r).test(), target, trainer, seed + r).ifPresent(runs::add);
                }
            }
            if (!runs.isEmpty()) {
                points.add(new CurvePoint(size, Metrics.mean(runs), runs.size()));
            }
        }
        return points;
    }

    /**
     * The fewest training samples any repetition of a {@code kind} split leaves (the same splits as
     * {@link #learningCurve}): the largest size a learning curve can reach in every repetition.
     */
    public int smallestTrainingSide(List<Sample> samples, SplitKind kind, long seed) {
        return splits(samples, kind, seed).stream().mapToInt(s -> s.train().size()).min().orElse(0);
    }

    private List<GroupedSplit> splits(List<Sample> samples, SplitKind kind, long seed) {
        List<GroupedSplit> folds = new ArrayList<>();
        for (int r = 0; r < repetitions; r++) {
            folds.add(GroupedSplit.of(samples, kind, encoder, testFraction, new SplittableRandom(seed * 1_000_003L + r)));
        }
        return folds;
    }

    /**
     * Every held-out sample of every repetition of one split kind, with the prediction of the model
     * trained on that repetition's training side (the same splits and seeds as {@link #compare}).
     */
    public List<HeldOutPrediction> heldOut(List<Sample> samples, SurrogateTrainer trainer, Target target,
                                           SplitKind kind, long seed) {
        List<GroupedSplit> folds = splits(samples, kind, seed);
        List<HeldOutPrediction> all = new ArrayList<>();
        for (int r = 0; r < folds.size(); r++) {
            all.addAll(predictions(folds.get(r).train(), folds.get(r).test(), target, trainer, seed + r, r));
        }
        return all;
    }

    private java.util.Optional<Metrics> score(List<Sample> train, List<Sample> test, Target target,
                                              SurrogateTrainer trainer, long seed) {
        List<HeldOutPrediction> predicted = predictions(train, test, target, trainer, seed, 0);
        if (predicted.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Metrics.of(predicted.stream().mapToDouble(HeldOutPrediction::actual).toArray(),
                predicted.stream().mapToDouble(HeldOutPrediction::predicted).toArray()));
    }

    /** Nothing when the training side has fewer than 4 measurements of the target or the test side none. */
    private List<HeldOutPrediction> predictions(List<Sample> train, List<Sample> test, Target target,
                                                SurrogateTrainer trainer, long seed, int repetition) {
        long trainCount = train.stream().filter(s -> target.observed(s).isPresent()).count();
        List<Sample> measured = test.stream().filter(s -> target.observed(s).isPresent()).toList();
        if (trainCount < 4 || measured.isEmpty()) {
            return List.of();
        }
        TargetModel model = TargetModel.fit(target, train, encoder, trainer, seed);
        List<HeldOutPrediction> out = new ArrayList<>(measured.size());
        for (Sample s : measured) {
            out.add(new HeldOutPrediction(s, repetition, target.observed(s).getAsDouble(),
                    model.predict(encoder.encode(s)).mean()));
        }
        return out;
    }

    private static void shuffle(List<Sample> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Sample t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }
}
