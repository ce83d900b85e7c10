package dev.ctuner.advisor.core.search;

import dev.ctuner.advisor.core.learning.KnobCoordinate;
import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates every point of a grid over the search space: all choices of enumerations and
 * booleans, {@code levels} evenly spaced legal values of each numeric knob. A reference for the
 * genetic search (RAFIKI compares against exhaustive search); refuses grids above {@code maxPoints}.
 *
 * <pre>{@code
 * SearchResult best = new ExhaustiveSearch(8, 1_000_000).run(problem);
 * }</pre>
 */
public record ExhaustiveSearch(int levels, long maxPoints) {

    public SearchResult run(SearchProblem problem) {
        List<double[]> axes = new ArrayList<>();
        long points = 1;
        for (KnobCoordinate c : problem.encoder().coordinates()) {
            double[] axis = c.grid(levels).stream().mapToDouble(c::toUnit).toArray();
            axes.add(axis);
            points *= axis.length;
            if (points > maxPoints) {
                throw new IllegalArgumentException("grid has more than " + maxPoints + " points; use fewer levels");
            }
        }
        long before = problem.evaluations();
        int[] index = new int[axes.size()];
        double[] genes = new double[axes.size()];
        Candidate best = null;
        for (long p = 0; p < points; p++) {
            for (int i = 0; i < genes.length; i++) {
                genes[i] = axes.get(i)[index[i]];
            }
            Candidate c = problem.evaluate(genes);
            if (best == null || c.fitness().compareTo(best.fitness()) > 0) {
                best = c;
            }
            for (int i = 0; i < index.length; i++) {
                if (++index[i] < axes.get(i).length) {
                    break;
                }
                index[i] = 0;
            }
        }
        return new SearchResult(best, problem.evaluations() - before, 0);
    }
}
