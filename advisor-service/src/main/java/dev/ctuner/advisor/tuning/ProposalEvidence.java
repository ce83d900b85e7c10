package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.core.forecast.Operation;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.tuning.CostInputs;
import dev.ctuner.advisor.core.tuning.ProposedChange;
import dev.ctuner.advisor.core.tuning.TuningDecision;
import dev.ctuner.advisor.learning.TrainedModel;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a proposal rests on, as an operator reads it: the workload seen and forecast, the current
 * configuration, each change with its cost tier, the predicted gain with its interval, whether the
 * point lies outside the training data, the plan (when, expected net gain), the cost charged and the
 * model. As JSON for the decision record and the UI, and as one paragraph for the recommendation's note.
 *
 * <pre>{@code
 * String json = ProposalEvidence.json(propose, cost, model, catalog);
 * String note = ProposalEvidence.note(propose, catalog);
 * }</pre>
 */
final class ProposalEvidence {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int FORECAST_SHOWN = 60;

    private ProposalEvidence() {
    }

    static Map<String, String> settings(TuningDecision.Propose p, KnobCatalog catalog) {
        Map<String, String> settings = new TreeMap<>();
        for (ProposedChange c : p.changes()) {
            settings.put(c.knob().value(), format(catalog, c.knob(), c.to()));
        }
        return settings;
    }

    static String note(TuningDecision.Propose p, long stepSeconds, KnobCatalog catalog) {
        StringBuilder changes = new StringBuilder();
        for (ProposedChange c : p.changes()) {
            if (!changes.isEmpty()) {
                changes.append(", ");
            }
            changes.append(c.knob().value()).append(' ').append(c.from().map(v -> format(catalog, c.knob(), v)).orElse("(unset)"))
                    .append(" → ").append(format(catalog, c.knob(), c.to())).append(" (").append(c.tier()).append(')');
        }
        return String.format(Locale.ROOT, "Proposed by the tuning loop. Workload seen: read ratio %.2f at %.0f ops/s; forecast by %s"
                        + " over %d steps of %d s. Change: %s. Predicted throughput gain %+.1f%% (%+.1f%% to %+.1f%%)%s. "
                        + "Judged on %s. Plan: start %s; expected net gain %+.1f%% of the operations over %d steps.",
                p.seen().proportion(Operation.READ), p.seen().rate(), p.choice().forecaster(), p.choice().lookahead(), stepSeconds,
                changes, 100 * p.predictedGain().expected(), 100 * p.predictedGain().lower(), 100 * p.predictedGain().upper(),
                p.isOutsideData() ? "; OUTSIDE the training data: " + String.join("; ", p.outsideData()) : ", inside the training data",
                p.basis() == TuningDecision.Basis.HISTORY_MIX ? "the mix of the windows the cluster ran" : "the forecast",
                p.startOffsetSeconds() <= 0 ? "now" : String.format(Locale.ROOT, "in %.0f s", p.startOffsetSeconds()),
                p.plan().stayOperations() > 0 ? 100 * p.plan().netGain() / p.plan().stayOperations() : 0.0, p.horizonSteps());
    }

    static String json(TuningDecision.Propose p, long stepSeconds, CostInputs cost, TrainedModel model, KnobCatalog catalog) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("seen", workload(p.seen()));
        e.put("forecaster", p.choice().forecaster());
        e.put("lookaheadSteps", p.choice().lookahead());
        e.put("stepSeconds", stepSeconds);
        e.put("forecast", p.forecast().stream().limit(FORECAST_SHOWN).map(ProposalEvidence::workload).toList());
        e.put("forecastTrials", p.choice().trials().stream().map(t -> Map.of("forecaster", t.forecaster(), "lookahead", t.lookahead(),
                "operations", t.operations())).toList());
        e.put("current", configuration(p.current(), catalog));
        e.put("changes", p.changes().stream().map(c -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("knob", c.knob().value());
            m.put("from", c.from().map(v -> format(catalog, c.knob(), v)).orElse(null));
            m.put("to", format(catalog, c.knob(), c.to()));
            m.put("tier", c.tier().name());
            return m;
        }).toList());
        e.put("predictedGain", Map.of("expected", p.predictedGain().expected(), "lower", p.predictedGain().lower(),
                "upper", p.predictedGain().upper()));
        e.put("outsideData", p.outsideData());
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("basis", p.basis().name());
        plan.put("horizonSteps", p.horizonSteps());
        plan.put("startOffsetSeconds", p.startOffsetSeconds());
        plan.put("expectedBenefitOperations", p.plan().expectedBenefit());
        plan.put("expectedLossOperations", p.plan().expectedLoss());
        plan.put("stayOperations", p.plan().stayOperations());
        plan.put("netGainOperations", p.plan().netGain());
        plan.put("plannedSwitches", p.plan().changes().size());
        e.put("plan", plan);
        e.put("cost", Map.of("restartSeconds", cost.restartSeconds(), "restartMeasuredOnThisCluster",
                cost.measuredRestartSeconds().isPresent(), "nodes", cost.nodes(), "rounds", cost.rounds()));
        e.put("model", Map.of("family", model.provenance().family().name(), "samples", model.provenance().samples(),
                "trainedAt", model.provenance().trainedAt().toString(), "knobs", model.provenance().knobs()));
        return JSON.writeValueAsString(e);
    }

    static Map<String, Object> workload(WorkloadVector w) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("readRatio", w.proportion(Operation.READ));
        Map<String, Double> mix = new LinkedHashMap<>();
        for (Operation op : Operation.values()) {
            mix.put(op.name().toLowerCase(Locale.ROOT), w.proportion(op));
        }
        m.put("mix", mix);
        m.put("opsPerSecond", w.rate());
        return m;
    }

    private static Map<String, String> configuration(Configuration c, KnobCatalog catalog) {
        Map<String, String> m = new TreeMap<>();
        c.values().forEach((k, v) -> m.put(k.value(), format(catalog, k, v)));
        return m;
    }

    private static String format(KnobCatalog catalog, KnobName knob, KnobValue value) {
        return catalog.knob(knob).map(k -> k.format(value)).orElse(value.text());
    }

}
