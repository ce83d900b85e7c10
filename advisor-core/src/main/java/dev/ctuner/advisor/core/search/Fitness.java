package dev.ctuner.advisor.core.search;

/**
 * How good a candidate is, ordered by Deb's feasibility rules (Deb 2000, the penalty scheme RAFIKI
 * §3.1 step 5 cites): fewer broken catalog constraints first, then a smaller shortfall against
 * the objective's own constraint (e.g. a throughput floor), then a higher objective value. Every
 * feasible candidate beats every infeasible one, without a penalty weight to tune.
 *
 * <pre>{@code
 * new Fitness(0, 0, -2.1).compareTo(new Fitness(1, 0, 99)) > 0;   // feasible wins
 * }</pre>
 *
 * @param violations catalog constraints of severity ERROR that the candidate breaks
 * @param shortfall  how far the candidate misses the objective's constraint (0 when met)
 * @param value      the objective, higher is better
 */
public record Fitness(int violations, double shortfall, double value) implements Comparable<Fitness> {

    public boolean feasible() {
        return violations == 0 && shortfall == 0;
    }

    @Override
    public int compareTo(Fitness other) {
        if (violations != other.violations) {
            return Integer.compare(other.violations, violations);
        }
        if (shortfall != other.shortfall) {
            return Double.compare(other.shortfall, shortfall);
        }
        return Double.compare(value, other.value);
    }
}
