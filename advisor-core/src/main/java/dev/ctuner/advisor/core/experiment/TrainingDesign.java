package dev.ctuner.advisor.core.experiment;

import dev.ctuner.advisor.core.learning.KnobCoordinate;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * The training design (RAFIKI §3.1 step 3): configurations over the top knobs in which every knob's
 * minimum, maximum and default each appear at least once (every choice of an enumeration, by the
 * strata), the rest filled space-filling (a Latin
 * hypercube over each knob's unit coordinate, so every knob's range is covered evenly, not a full
 * factorial). Configuration 0 is all defaults. A configuration the catalog's constraints refuse is
 * drawn again (keeping its forced extremes) up to {@link #MAX_REDRAWS} times.
 *
 * <pre>{@code
 * TrainingDesign d = TrainingDesign.of(catalog, knobs, facts, 34, new SplittableRandom(7));
 * d.configurations(); // 34 points; "c00" is the default
 * }</pre>
 */
public record TrainingDesign(List<DesignPoint> configurations, List<String> notes) {

    static final int MAX_REDRAWS = 200;

    public static TrainingDesign of(KnobCatalog catalog, List<String> knobNames, NodeFacts facts, int count,
            RandomGenerator rng) {
        if (count < 3) {
            throw new IllegalArgumentException("a training design needs at least 3 configurations (default, min, max)");
        }
        List<KnobCoordinate> coords = new ArrayList<>();
        for (String name : knobNames) {
            Knob k = catalog.lookup(name).orElseThrow(() -> new IllegalArgumentException("unknown knob '" + name + "'"));
            coords.add(KnobCoordinate.of(k, facts));
        }
        int n = count - 1; // configuration 0 is the default
        double[][] u = latinHypercube(n, coords.size(), rng);
        // Force each numeric knob's minimum and maximum into two different configurations (the strata of
        // the hypercube already spread every choice of an enumeration over the configurations).
        Integer[][] forced = new Integer[n][coords.size()];
        for (int j = 0; j < coords.size(); j++) {
            if (coords.get(j).isChoice() || coords.get(j).knob().type() == dev.ctuner.common.catalog.ValueType.BOOLEAN) {
                continue;
            }
            int lo = rng.nextInt(n);
            int hi = (lo + 1 + rng.nextInt(n - 1)) % n;
            forced[lo][j] = 0;
            forced[hi][j] = 1;
            u[lo][j] = 0;
            u[hi][j] = 1;
        }
        Set<KnobName> all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
        List<DesignPoint> points = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        points.add(new DesignPoint("c00", Map.of()));
        for (int i = 0; i < n; i++) {
            Map<String, String> config = configuration(coords, u[i]);
            int redraws = 0;
            while (!catalog.validate(config, Configuration.EMPTY, facts, all).errors().isEmpty() && redraws < MAX_REDRAWS) {
                for (int j = 0; j < coords.size(); j++) {
                    if (forced[i][j] == null) {
                        u[i][j] = rng.nextDouble();
                    }
                }
                config = configuration(coords, u[i]);
                redraws++;
            }
            if (redraws == MAX_REDRAWS) {
                notes.add("configuration " + (i + 1) + " left out: no valid draw keeps its forced extremes "
                        + catalog.validate(config, Configuration.EMPTY, facts, all).errors());
                continue;
            }
            if (redraws > 0) {
                notes.add("configuration " + (i + 1) + " drawn again " + redraws + " times to meet the constraints");
            }
            points.add(new DesignPoint(String.format("c%02d", i + 1), config));
        }
        return new TrainingDesign(List.copyOf(points), List.copyOf(notes));
    }

    private static Map<String, String> configuration(List<KnobCoordinate> coords, double[] u) {
        Map<String, String> config = new LinkedHashMap<>();
        for (int j = 0; j < coords.size(); j++) {
            KnobCoordinate c = coords.get(j);
            config.put(c.name().value(), c.knob().format(c.fromUnitRounded(u[j])));
        }
        return config;
    }

    /** n points in [0,1]^k, each dimension's n strata hit exactly once, a random point within each. */
    static double[][] latinHypercube(int n, int k, RandomGenerator rng) {
        double[][] u = new double[n][k];
        for (int j = 0; j < k; j++) {
            int[] perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int r = rng.nextInt(i + 1);
                int t = perm[i];
                perm[i] = perm[r];
                perm[r] = t;
            }
            for (int i = 0; i < n; i++) {
                u[i][j] = (perm[i] + rng.nextDouble()) / n;
            }
        }
        return u;
    }
}
