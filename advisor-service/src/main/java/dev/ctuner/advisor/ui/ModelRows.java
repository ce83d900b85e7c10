package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.learning.CurvePoint;
import dev.ctuner.advisor.core.learning.EvaluationRow;
import dev.ctuner.advisor.core.learning.KnobInfluence;
import dev.ctuner.advisor.core.learning.Metrics;
import dev.ctuner.advisor.core.learning.ModelDiagnostics;
import dev.ctuner.advisor.core.learning.SplitKind;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.learning.ModelProvenance;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The model page's tables as text, from the model's {@link ModelDiagnostics}: accuracy per target,
 * knob influence with bar lengths, the learning curve as a chart and a table.
 *
 * <pre>{@code
 * ModelRows rows = ModelRows.of(provenance, diagnostics);
 * rows.accuracy().get(0).mape();   // "7.9 %"
 * }</pre>
 */
public record ModelRows(List<AccuracyRow> accuracy, List<InfluenceRow> influence, List<CurveRow> curve, SvgCurve curveChart,
                        String curveVerdict) {

    /** An R² below this, or a MAPE above {@link #POOR_MAPE}, is marked as poor. */
    static final double POOR_R2 = 0.5;
    static final double POOR_MAPE = 20;

    /**
     * One target: its error on held-out configurations (and workloads), how many samples measured it.
     *
     * @param poor R² or MAPE on unseen configurations says this target's predictions are weak
     */
    public record AccuracyRow(String target, long measured, String mape, String medianApe, String r2, String rmse, String heldOut,
                              String workloadMape, String workloadR2, boolean poor) {
    }

    /** One knob: its influence on predicted throughput, the bar's length (0–100), its best and worst level. */
    public record InfluenceRow(String knob, String spread, String share, double bar, String highest, String lowest,
                               String levels) {
    }

    /** One learning-curve point. */
    public record CurveRow(int samples, String mape, String medianApe, String r2, int repetitions) {
    }

    public static ModelRows of(ModelProvenance provenance, ModelDiagnostics d) {
        List<AccuracyRow> accuracy = new ArrayList<>();
        for (Target t : provenance.modelled()) {
            Optional<EvaluationRow> config = d.row(t, SplitKind.UNSEEN_CONFIGURATION);
            Optional<EvaluationRow> workload = d.row(t, SplitKind.UNSEEN_WORKLOAD);
            Metrics m = config.map(EvaluationRow::mean).orElse(null);
            accuracy.add(new AccuracyRow(t.label(), provenance.measured().getOrDefault(t, 0L),
                    m == null ? "—" : percent(m.mape()) + config.map(r -> " ± " + percent(r.mapeSd())).orElse(""),
                    m == null ? "—" : percent(m.medianApe()), m == null ? "—" : r2(m.r2()),
                    m == null ? "—" : inUnit(t, m.rmse()), m == null ? "—" : String.valueOf(m.n()),
                    workload.map(r -> percent(r.mean().mape())).orElse("—"), workload.map(r -> r2(r.mean().r2())).orElse("—"),
                    m != null && (m.r2() < POOR_R2 || m.mape() > POOR_MAPE)));
        }
        double top = d.influence().stream().mapToDouble(KnobInfluence::spread).max().orElse(0);
        List<InfluenceRow> influence = d.influence().stream().map(i -> new InfluenceRow(i.knob().value(),
                inUnit(i.target(), i.spread()), percent(100 * i.relativeSpread()),
                top > 0 ? Math.max(0.5, 100 * i.spread() / top) : 0, i.highest().value(), i.lowest().value(),
                i.levels().stream().map(l -> l.value() + " → " + inUnit(i.target(), l.predicted()))
                        .collect(Collectors.joining("; ")))).toList();
        List<CurveRow> curve = d.learningCurve().stream().map(p -> new CurveRow(p.trainingSamples(), percent(p.mean().mape()),
                percent(p.mean().medianApe()), r2(p.mean().r2()), p.repetitions())).toList();
        SvgCurve chart = d.learningCurve().size() < 2 ? null : SvgCurve.of(d.curveTarget().label() + ": error on unseen configurations",
                d.learningCurve().stream().map(p -> new SvgCurve.Point(p.trainingSamples(), p.mean().mape())).toList(),
                x -> String.format(Locale.ROOT, "%.0f", x), y -> tick(y) + " %");
        return new ModelRows(accuracy, influence, curve, chart, verdict(d.learningCurve()));
    }

    /**
     * What the curve's last half says: still falling (more measurements would help) or flat. The
     * error of the last point against the middle one; 10 % lower counts as still falling.
     */
    static String verdict(List<CurvePoint> curve) {
        if (curve.size() < 3) {
            return null;
        }
        double middle = curve.get(curve.size() / 2).mean().mape();
        double last = curve.get(curve.size() - 1).mean().mape();
        if (last < 0.9 * middle) {
            return String.format(Locale.ROOT, "Still falling: from %d to %d samples the error dropped from %.1f %% to %.1f %%. "
                            + "More measurements would likely make the model more accurate.",
                    curve.get(curve.size() / 2).trainingSamples(), curve.get(curve.size() - 1).trainingSamples(), middle, last);
        }
        return String.format(Locale.ROOT, "Levelling off: from %d to %d samples the error went from %.1f %% to %.1f %%. "
                        + "More of the same measurements would change little; new knobs, workloads or hardware would.",
                curve.get(curve.size() / 2).trainingSamples(), curve.get(curve.size() - 1).trainingSamples(), middle, last);
    }

    /** An axis label: whole numbers without decimals, others with one (12.5). */
    static String tick(double value) {
        return Math.abs(value - Math.rint(value)) < 1e-9 ? String.format(Locale.ROOT, "%.0f", value)
                : String.format(Locale.ROOT, "%.1f", value);
    }

    static String percent(double value) {
        return String.format(Locale.ROOT, "%.1f %%", value);
    }

    static String r2(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** Throughput in ops/s, latencies (µs in the model) in ms. */
    static String inUnit(Target t, double value) {
        return t == Target.THROUGHPUT ? String.format(Locale.ROOT, "%,.0f ops/s", value)
                : String.format(Locale.ROOT, "%,.2f ms", value / 1000);
    }
}
