package dev.ctuner.advisor.api;

import dev.ctuner.advisor.advice.Advice;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.search.KnobChange;
import dev.ctuner.advisor.learning.DatasetReport;
import dev.ctuner.advisor.learning.ModelProvenance;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * JSON bodies the advice endpoints return. Values are spelled as cassandra.yaml spells them;
 * predictions are the surrogate ensemble's mean and spread (standard deviation over its members).
 *
 * <pre>
 * {"recommended": {"concurrent_writes": "64"}, "predicted": {"throughput": {"mean": 52000, "spread": 1800}},
 *  "changes": [{"knob": "concurrent_writes", "from": "32", "to": "64", "tier": "RESTART"}],
 *  "outsideData": false, "reasons": [], "evaluations": 4050, "elapsedMs": 310, ...}
 * </pre>
 */
public final class AdviceViews {

    private AdviceViews() {
    }

    public record PredictionView(double mean, double spread, String unit) {
    }

    public record ChangeView(String knob, String from, String to, ApplyMode tier) {
    }

    /** Which model answered: enough to trace the answer to its data. */
    public record ModelView(String family, Instant trainedAt, int samples, List<String> files, List<String> knobs,
                            List<Target> targets) {
        static ModelView of(ModelProvenance p) {
            return new ModelView(p.family().name(), p.trainedAt(), p.samples(), p.files().stream()
                    .filter(f -> f.status() == DatasetReport.Status.READ).map(DatasetReport::path).toList(), p.knobs(),
                    p.modelled());
        }
    }

    /**
     * @param recommended values of the tuned knobs
     * @param current     predictions for the current configuration
     * @param reasons     why {@code outsideData} (or infeasibility) holds; empty when the advice is inside the data
     */
    public record AdviceView(String clusterId, String objective, Map<String, String> recommended,
                             Map<String, PredictionView> predicted, Map<String, PredictionView> current,
                             List<ChangeView> changes, boolean feasible, boolean outsideData, List<String> reasons,
                             long evaluations, long elapsedMs, long seed, ModelView model) {

        static AdviceView of(String clusterId, Advice a, KnobCatalog catalog) {
            return new AdviceView(clusterId, a.objective().toString(),
                    formatted(a.recommendation().configuration(), catalog),
                    predictions(a.recommendation().predicted()), predictions(a.recommendation().current()),
                    a.recommendation().changes().stream().map(c -> change(c, a.tiers().get(c.knob()), catalog)).toList(),
                    a.recommendation().feasible(), a.recommendation().outsideData(), a.recommendation().cautions(),
                    a.recommendation().evaluations(), a.elapsedMs(), a.seed(), ModelView.of(a.model()));
        }
    }

    /** Knob → value as cassandra.yaml spells it, in name order. */
    static Map<String, String> formatted(Configuration configuration, KnobCatalog catalog) {
        Map<String, String> out = new TreeMap<>();
        configuration.values().forEach((k, v) -> out.put(k.value(), format(k, v, catalog)));
        return out;
    }

    static Map<String, PredictionView> predictions(Map<Target, Prediction> predictions) {
        Map<String, PredictionView> out = new LinkedHashMap<>();
        for (Target t : Target.values()) {
            Prediction p = predictions.get(t);
            if (p != null) {
                out.put(key(t), new PredictionView(p.mean(), p.spread(), t == Target.THROUGHPUT ? "ops/s" : "µs"));
            }
        }
        return out;
    }

    private static String key(Target t) {
        switch (t) {
            case THROUGHPUT:
                return "throughput";
            case P99_READ:
                return "p99ReadUs";
            default:
                return "p99WriteUs";
        }
    }

    private static ChangeView change(KnobChange c, ApplyMode tier, KnobCatalog catalog) {
        return new ChangeView(c.knob().value(), c.from().map(v -> format(c.knob(), v, catalog)).orElse(null),
                format(c.knob(), c.to(), catalog), tier);
    }

    private static String format(KnobName knob, KnobValue value, KnobCatalog catalog) {
        return catalog.knob(knob).map(k -> k.format(value)).orElse(value.text());
    }
}
