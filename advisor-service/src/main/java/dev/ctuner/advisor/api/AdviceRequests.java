package dev.ctuner.advisor.api;

import dev.ctuner.advisor.advice.AdviceQuery;
import dev.ctuner.advisor.advice.ObjectiveSpec;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * JSON bodies of the advice endpoints. An operation proportion left out counts as 0; a knob left
 * out of {@code current} is at its catalog default.
 *
 * <pre>
 * POST /api/v1/advice
 * {"workload": {"readProportion": 0.9, "updateProportion": 0.1},
 *  "physicalDesign": {"nodes": 3, "replicationFactor": 3},
 *  "objective": {"type": "MIN_P99_AT_THROUGHPUT", "latency": "P99_READ", "minThroughput": 40000},
 *  "current": {"concurrent_writes": "32"}, "seed": 7}
 * </pre>
 */
public final class AdviceRequests {

    private AdviceRequests() {
    }

    /** The operation mix; proportions in [0, 1] summing to 1. */
    public record Mix(Double readProportion, Double updateProportion, Double insertProportion, Double scanProportion,
                      Double readModifyWriteProportion) {

        double[] toArray() {
            return new double[] {orZero(readProportion), orZero(updateProportion), orZero(insertProportion),
                    orZero(scanProportion), orZero(readModifyWriteProportion)};
        }

        private static double orZero(Double d) {
            return d == null ? 0 : d;
        }
    }

    /** Nodes and replication factor of the cluster asked about. */
    public record Design(@NotNull @Min(1) @Max(10_000) Integer nodes, @NotNull @Min(1) @Max(100) Integer replicationFactor) {

        PhysicalDesign toDesign() {
            return new PhysicalDesign(nodes, replicationFactor);
        }
    }

    /** wT and wL of a WEIGHTED objective: maximise wT·ln(throughput) − wL·ln(p99). */
    public record Weights(Double throughput, Double latency) {
    }

    /**
     * What to optimise. {@code latency} (P99_READ, the default, or P99_WRITE) is the latency of
     * WEIGHTED and MIN_P99_AT_THROUGHPUT.
     */
    public record ObjectiveBody(@NotNull ObjectiveSpec.Type type, Target latency, Weights weights, Double minThroughput) {

        ObjectiveSpec toSpec() {
            return new ObjectiveSpec(type, latency, weights == null ? null : weights.throughput(),
                    weights == null ? null : weights.latency(), minThroughput);
        }
    }

    public record AdviceRequest(@Size(min = 1, max = 200) String clusterId, @NotNull @Valid Mix workload,
                                @NotNull @Valid Design physicalDesign, @NotNull @Valid ObjectiveBody objective,
                                Map<String, String> current, Long seed) {

        AdviceQuery toQuery() {
            return new AdviceQuery(Optional.ofNullable(clusterId).map(String::strip).map(ClusterId::new),
                    workload.toArray(), physicalDesign.toDesign(), objective.toSpec(),
                    current == null ? Map.of() : current, seed == null ? OptionalLong.empty() : OptionalLong.of(seed));
        }
    }

    /** Advice to store as a PROPOSED recommendation of the cluster, with the reason. */
    public record ProposeAdvice(@NotNull @Valid AdviceRequest advice, @Size(max = 2000) String comment) {
    }
}
