package dev.ctuner.advisor.core.experiment;

import java.util.List;

/**
 * The run order of an A/B validation: n pairs, alternating AB, BA, AB, ... so that drift over the run
 * (FACTS.md: the default drifted ~15% over an hour here) and order effects hit both sides alike.
 *
 * <pre>{@code
 * InterleavedPairs.order(3); // [A0, B0, B1, A1, A2, B2]
 * }</pre>
 */
public final class InterleavedPairs {

    /** One run: which side, and its repetition. */
    public record Run(boolean a, int repetition) {
        public String label() {
            return (a ? "A" : "B") + repetition;
        }
    }

    private InterleavedPairs() {
    }

    public static List<Run> order(int pairs) {
        if (pairs < 1) {
            throw new IllegalArgumentException("pairs must be >= 1, got " + pairs);
        }
        return InterleavedArms.order(2, pairs).stream().map(r -> new Run(r.arm() == 0, r.round())).toList();
    }
}
