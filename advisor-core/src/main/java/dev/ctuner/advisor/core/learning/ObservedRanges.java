package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.KnobName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The region the training data covered: per knob, the lowest and highest unit coordinate seen,
 * and per workload feature the lowest and highest proportion. A recommendation outside it is an
 * extrapolation and is flagged (ARCHITECTURE §6: "never recommend outside the region the model
 * has seen without flagging it").
 *
 * <pre>{@code
 * ObservedRanges seen = ObservedRanges.of(samples, encoder);
 * seen.outside(encoder.toGenes(candidate), workload);   // ["concurrent_writes=0.91 above seen 0.75"]
 * }</pre>
 */
public final class ObservedRanges {

    private static final double TOLERANCE = 1e-9;

    private final List<KnobName> knobs;
    private final double[] knobMin;
    private final double[] knobMax;
    private final double[] mixMin;
    private final double[] mixMax;

    private ObservedRanges(List<KnobName> knobs, double[] knobMin, double[] knobMax, double[] mixMin, double[] mixMax) {
        this.knobs = knobs;
        this.knobMin = knobMin;
        this.knobMax = knobMax;
        this.mixMin = mixMin;
        this.mixMax = mixMax;
    }

    public static ObservedRanges of(List<Sample> samples, FeatureEncoder encoder) {
        int k = encoder.knobs().size();
        int w = Workload.FEATURE_NAMES.size();
        double[] kMin = filled(k, Double.POSITIVE_INFINITY);
        double[] kMax = filled(k, Double.NEGATIVE_INFINITY);
        double[] wMin = filled(w, Double.POSITIVE_INFINITY);
        double[] wMax = filled(w, Double.NEGATIVE_INFINITY);
        for (Sample s : samples) {
            double[] genes = encoder.toGenes(s.configuration());
            for (int i = 0; i < k; i++) {
                kMin[i] = Math.min(kMin[i], genes[i]);
                kMax[i] = Math.max(kMax[i], genes[i]);
            }
            double[] mix = s.workload().features();
            for (int i = 0; i < w; i++) {
                wMin[i] = Math.min(wMin[i], mix[i]);
                wMax[i] = Math.max(wMax[i], mix[i]);
            }
        }
        return new ObservedRanges(encoder.knobs(), kMin, kMax, wMin, wMax);
    }

    /** Why {@code genes} under {@code workload} lie outside the seen region; empty when inside. */
    public List<String> outside(double[] genes, Workload workload) {
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < genes.length; i++) {
            if (genes[i] < knobMin[i] - TOLERANCE || genes[i] > knobMax[i] + TOLERANCE) {
                reasons.add(String.format(Locale.ROOT, "%s at %.3f of its domain, training data covered [%.3f, %.3f]",
                        knobs.get(i), genes[i], knobMin[i], knobMax[i]));
            }
        }
        double[] mix = workload.features();
        for (int i = 0; i < mix.length; i++) {
            if (mix[i] < mixMin[i] - TOLERANCE || mix[i] > mixMax[i] + TOLERANCE) {
                reasons.add(String.format(Locale.ROOT, "%s %.3f, training data covered [%.3f, %.3f]",
                        Workload.FEATURE_NAMES.get(i), mix[i], mixMin[i], mixMax[i]));
            }
        }
        return reasons;
    }

    private static double[] filled(int n, double v) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
