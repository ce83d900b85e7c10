package dev.ctuner.advisor.core.learning;

import java.util.List;

/**
 * One cell group of the evaluation table: a model family on a target under a split kind, averaged
 * over repetitions, with the spread of the error over repetitions.
 *
 * <pre>{@code
 * row.mean().mape();   // 7.5, as RAFIKI's "prediction error"
 * }</pre>
 *
 * @param mapeSd standard deviation of the MAPE over repetitions
 */
public record EvaluationRow(String family, Target target, SplitKind split, Metrics mean, double mapeSd,
                            int repetitions) {

    static EvaluationRow of(String family, Target target, SplitKind split, List<Metrics> runs) {
        Metrics mean = Metrics.mean(runs);
        double var = 0;
        for (Metrics m : runs) {
            var += (m.mape() - mean.mape()) * (m.mape() - mean.mape());
        }
        double sd = runs.size() > 1 ? Math.sqrt(var / (runs.size() - 1)) : 0;
        return new EvaluationRow(family, target, split, mean, sd, runs.size());
    }
}
