package dev.ctuner.advisor.core.vetting;

import java.util.List;

/**
 * One reason a vetting gate refused a candidate, with the knobs concerned (empty when none).
 *
 * <pre>{@code
 * new GateFailure("gain", List.of(), "lower bound of the predicted gain 0.010 is not above the minimum 0.020");
 * }</pre>
 */
public record GateFailure(String gate, List<String> knobs, String reason) {

    public GateFailure {
        knobs = List.copyOf(knobs);
    }
}
