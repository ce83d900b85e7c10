package dev.ctuner.advisor.core.learning;

/**
 * The outcome of a one-way analysis of variance.
 *
 * <pre>{@code
 * AnovaResult r = OneWayAnova.test(List.of(new double[] {6, 8, 4}, new double[] {8, 12, 9}));
 * r.pValue() < 0.05;   // the group means differ
 * }</pre>
 *
 * @param groups       number of groups (levels)
 * @param observations total number of observations
 * @param fStatistic   between-group mean square over within-group mean square
 * @param pValue       P(F ≥ fStatistic) under equal means
 * @param etaSquared   share of the total variance the grouping explains (SS between / SS total)
 * @param spreadOfMeans standard deviation of the group means (RAFIKI Fig. 5 ranks by this)
 */
public record AnovaResult(int groups, int observations, double fStatistic, double pValue, double etaSquared,
                          double spreadOfMeans) {

    /** True when the group means differ at significance level {@code alpha}. */
    public boolean significant(double alpha) {
        return pValue < alpha;
    }
}
