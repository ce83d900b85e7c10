package dev.ctuner.advisor.core.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * The run order of a comparison of k configurations ("arms"): rounds, every arm once per round,
 * the order rotated by one each round, so that over k rounds every arm runs once in every position
 * and drift within a round (FACTS.md: the default drifted ~15% over an hour here) hits all arms
 * alike. Two arms give AB, BA, AB, ...
 *
 * <pre>{@code
 * InterleavedArms.order(3, 2); // [0/r0, 1/r0, 2/r0, 1/r1, 2/r1, 0/r1]
 * }</pre>
 */
public final class InterleavedArms {

    /** One run: which arm (0-based), and its round. */
    public record Run(int arm, int round) {
    }

    private InterleavedArms() {
    }

    public static List<Run> order(int arms, int rounds) {
        if (arms < 2) {
            throw new IllegalArgumentException("a comparison needs at least 2 arms, got " + arms);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be >= 1, got " + rounds);
        }
        List<Run> runs = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < arms; i++) {
                runs.add(new Run((r + i) % arms, r));
            }
        }
        return runs;
    }
}
