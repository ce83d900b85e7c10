package dev.ctuner.advisor.core.vetting;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A predicted change must pay off even at the pessimistic end of its interval, and the interval
 * must be narrow enough to trust (the RAFIKI / RF-GBDT surrogates are only as good as their
 * training data). An operator's own submission carries no prediction and is not held to this gate.
 *
 * <pre>{@code
 * new GainGate().check(candidate, new VettingPolicy(0.02, 0.2, ApplyMode.RESTART));
 * }</pre>
 */
public final class GainGate implements VettingGate {

    @Override
    public List<GateFailure> check(Candidate candidate, VettingPolicy policy) {
        if (candidate.gain().isEmpty()) {
            return List.of();
        }
        GainEstimate gain = candidate.gain().get();
        List<GateFailure> failures = new ArrayList<>();
        if (!(gain.lower() > policy.minGain())) {
            failures.add(new GateFailure("gain", List.of(), String.format(Locale.ROOT,
                    "lower bound of the predicted gain %.4f is not above the minimum gain %.4f", gain.lower(), policy.minGain())));
        }
        if (gain.width() > policy.maxUncertainty()) {
            failures.add(new GateFailure("gain", List.of(), String.format(Locale.ROOT,
                    "predicted gain interval [%.4f, %.4f] is %.4f wide, more than the allowed %.4f",
                    gain.lower(), gain.upper(), gain.width(), policy.maxUncertainty())));
        }
        return failures;
    }
}
