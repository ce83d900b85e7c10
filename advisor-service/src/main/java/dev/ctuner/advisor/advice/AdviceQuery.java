package dev.ctuner.advisor.advice;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A question for the advisor, as the REST layer received it (values not yet checked against the
 * catalog; {@link AdviceService} reports every problem).
 *
 * <pre>{@code
 * new AdviceQuery(Optional.empty(), new double[] {0.9, 0.1, 0, 0, 0}, new PhysicalDesign(1, 1),
 *         new ObjectiveSpec(ObjectiveSpec.Type.MAX_THROUGHPUT, null, null, null, null),
 *         Map.of("concurrent_writes", "32"), OptionalLong.of(42));
 * }</pre>
 *
 * @param mix     read, update, insert, scan, read-modify-write proportions
 * @param current knob → value as cassandra.yaml spells it; knobs left out are at their defaults
 */
public record AdviceQuery(Optional<ClusterId> cluster, double[] mix, PhysicalDesign design, ObjectiveSpec objective,
                          Map<String, String> current, OptionalLong seed) {

    public AdviceQuery {
        Objects.requireNonNull(cluster, "cluster");
        mix = mix.clone();
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(objective, "objective");
        current = Map.copyOf(current);
        Objects.requireNonNull(seed, "seed");
    }
}
