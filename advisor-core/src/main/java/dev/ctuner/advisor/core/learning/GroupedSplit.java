package dev.ctuner.advisor.core.learning;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * A train/test split that keeps every group whole: a share of the groups, drawn at random, goes
 * to the test side with all of its samples.
 *
 * <pre>{@code
 * GroupedSplit s = GroupedSplit.of(samples, SplitKind.UNSEEN_CONFIGURATION, encoder, 0.25, new SplittableRandom(1));
 * s.train().size() + s.test().size() == samples.size();
 * }</pre>
 */
public record GroupedSplit(List<Sample> train, List<Sample> test, int testGroups, int groups) {

    public GroupedSplit {
        train = List.copyOf(train);
        test = List.copyOf(test);
    }

    /** Holds out round(testFraction × groups) groups, at least one and never all of them. */
    public static GroupedSplit of(List<Sample> samples, SplitKind kind, FeatureEncoder encoder, double testFraction,
                                  RandomGenerator random) {
        List<String> groups = new ArrayList<>(new LinkedHashSet<>(samples.stream().map(s -> kind.groupOf(s, encoder)).toList()));
        if (groups.size() < 2) {
            throw new IllegalArgumentException("a " + kind.label() + " split needs at least 2 groups, found " + groups.size());
        }
        for (int i = groups.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String t = groups.get(i);
            groups.set(i, groups.get(j));
            groups.set(j, t);
        }
        int held = (int) Math.min(groups.size() - 1, Math.max(1, Math.round(testFraction * groups.size())));
        Set<String> testSet = new HashSet<>(groups.subList(0, held));
        List<Sample> train = new ArrayList<>();
        List<Sample> test = new ArrayList<>();
        for (Sample s : samples) {
            (testSet.contains(kind.groupOf(s, encoder)) ? test : train).add(s);
        }
        return new GroupedSplit(train, test, held, groups.size());
    }
}
