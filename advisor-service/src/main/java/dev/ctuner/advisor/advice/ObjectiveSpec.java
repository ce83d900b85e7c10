package dev.ctuner.advisor.advice;

import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.search.Objective;
import java.util.List;

/**
 * An objective as a request names it, turned into the search core's {@link Objective} with every
 * missing or contradictory field reported.
 *
 * <pre>{@code
 * new ObjectiveSpec(ObjectiveSpec.Type.MIN_P99_AT_THROUGHPUT, null, null, null, 40_000.0).toObjective(problems);
 * }</pre>
 *
 * @param latency          the latency of WEIGHTED and MIN_P99_AT_THROUGHPUT; null = P99_READ
 * @param throughputWeight WEIGHTED only
 * @param latencyWeight    WEIGHTED only
 * @param minThroughput    MIN_P99_AT_THROUGHPUT only, operations per second
 */
public record ObjectiveSpec(Type type, Target latency, Double throughputWeight, Double latencyWeight,
                            Double minThroughput) {

    public enum Type { MAX_THROUGHPUT, MIN_P99_READ, MIN_P99_WRITE, WEIGHTED, MIN_P99_AT_THROUGHPUT }

    /** The core objective, or null with the reasons added to {@code problems}. */
    public Objective toObjective(List<InputViolation> problems) {
        Target lat = latency == null ? Target.P99_READ : latency;
        if (lat == Target.THROUGHPUT) {
            problems.add(new InputViolation("objective.latency", "NOT_A_LATENCY", lat.name(), "P99_READ or P99_WRITE",
                    "the objective's latency must be P99_READ or P99_WRITE"));
            return null;
        }
        switch (type) {
            case MAX_THROUGHPUT:
                return new Objective.MaxThroughput();
            case MIN_P99_READ:
                return new Objective.MinLatency(Target.P99_READ);
            case MIN_P99_WRITE:
                return new Objective.MinLatency(Target.P99_WRITE);
            case WEIGHTED:
                if (throughputWeight == null || latencyWeight == null || throughputWeight < 0 || latencyWeight < 0
                        || throughputWeight + latencyWeight == 0) {
                    problems.add(new InputViolation("objective.weights", "MISSING", throughputWeight + ", " + latencyWeight,
                            "weights.throughput ≥ 0 and weights.latency ≥ 0, not both 0",
                            "a WEIGHTED objective needs weights {\"throughput\": wT, \"latency\": wL}: it maximises "
                                    + "wT·ln(throughput) − wL·ln(p99)"));
                    return null;
                }
                return new Objective.Weighted(throughputWeight, lat, latencyWeight);
            default:
                if (minThroughput == null || !(minThroughput > 0) || minThroughput.isInfinite()) {
                    problems.add(new InputViolation("objective.minThroughput", "MISSING", String.valueOf(minThroughput),
                            "a positive number of operations per second",
                            "a MIN_P99_AT_THROUGHPUT objective needs minThroughput (ops/s)"));
                    return null;
                }
                return new Objective.MinLatencyAtThroughput(lat, minThroughput);
        }
    }
}
