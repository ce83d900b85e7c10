package dev.ctuner.advisor.core.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The consistent-setup paper's choice for one factor (operations per run, rows, client threads): the
 * smallest level whose mean and spread match those of the heavier levels. "Match" here means, against
 * every heavier level: the means differ by at most {@code meanTolerance} (relative), a Mann-Whitney
 * test does not tell them apart at {@code alpha}, and the coefficient of variation is at most
 * {@code cvTolerance} or no worse than 1.25 times the heavier level's. The heaviest level always
 * qualifies (nothing heavier to compare).
 *
 * <pre>{@code
 * SetupChooser.Choice c = new SetupChooser(0.05, 0.05, 0.05).choose(List.of(
 *     new SetupChooser.Level("10000", tenK), new SetupChooser.Level("100000", hundredK)));
 * c.chosen().name(); c.reasons();
 * }</pre>
 */
public record SetupChooser(double meanTolerance, double alpha, double cvTolerance) {

    /** One level of the factor with its repeated throughputs, levels given lightest first. */
    public record Level(String name, double[] throughputs) {
    }

    /** The chosen level, and for every lighter level why it was not chosen. */
    public record Choice(Level chosen, List<String> reasons) {
    }

    public Choice choose(List<Level> lightestFirst) {
        if (lightestFirst.isEmpty()) {
            throw new IllegalArgumentException("no levels to choose from");
        }
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < lightestFirst.size(); i++) {
            Level level = lightestFirst.get(i);
            String why = mismatch(level, lightestFirst.subList(i + 1, lightestFirst.size()));
            if (why == null) {
                return new Choice(level, reasons);
            }
            reasons.add(level.name() + ": " + why);
        }
        throw new IllegalStateException("unreachable: the heaviest level always qualifies");
    }

    /**
     * For a factor whose levels are alternatives rather than lighter and heavier versions of one
     * setup (where node and client run): the level with the smallest coefficient of variation, ties
     * to the first. Needs two or more runs per level.
     */
    public Choice chooseMostConsistent(List<Level> levels) {
        if (levels.isEmpty()) {
            throw new IllegalArgumentException("no levels to choose from");
        }
        for (Level l : levels) {
            if (l.throughputs().length < 2) {
                throw new IllegalArgumentException("level " + l.name() + " has " + l.throughputs().length
                        + " run(s); its spread needs at least 2");
            }
        }
        Level best = levels.get(0);
        for (Level l : levels) {
            if (Summary.of(l.throughputs()).cv() < Summary.of(best.throughputs()).cv()) {
                best = l;
            }
        }
        double bestCv = Summary.of(best.throughputs()).cv();
        List<String> reasons = new ArrayList<>();
        for (Level l : levels) {
            if (l != best) {
                reasons.add(String.format(Locale.ROOT, "%s: spread (CV %.1f%%) wider than %s's (%.1f%%)", l.name(),
                        100 * Summary.of(l.throughputs()).cv(), best.name(), 100 * bestCv));
            }
        }
        return new Choice(best, reasons);
    }

    /** Why {@code level} does not match the heavier ones, or null when it does. */
    private String mismatch(Level level, List<Level> heavier) {
        Summary s = Summary.of(level.throughputs());
        for (Level h : heavier) {
            Summary t = Summary.of(h.throughputs());
            double diff = (s.mean() - t.mean()) / t.mean();
            if (Math.abs(diff) > meanTolerance) {
                return String.format(Locale.ROOT, "mean %.0f differs from %s's %.0f by %+.1f%% (tolerance %.1f%%)",
                        s.mean(), h.name(), t.mean(), 100 * diff, 100 * meanTolerance);
            }
            if (level.throughputs().length > 1 && h.throughputs().length > 1) {
                double p = MannWhitney.test(level.throughputs(), h.throughputs()).pValue();
                if (p < alpha) {
                    return String.format(Locale.ROOT, "a rank test tells it from %s (p = %.3f < %.2f)", h.name(), p, alpha);
                }
            }
            if (s.cv() > cvTolerance && s.cv() > 1.25 * t.cv()) {
                return String.format(Locale.ROOT, "spread (CV %.1f%%) wider than %s's (%.1f%%)", 100 * s.cv(), h.name(),
                        100 * t.cv());
            }
        }
        return null;
    }
}
