package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.Objects;

/**
 * One training example: (workload, physical design, configuration) → measurements, with its
 * provenance (ML-SURR §2.2: inputs include the physical design; ARCHITECTURE §6).
 *
 * <pre>{@code
 * Sample s = new Sample(Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1), configuration,
 *         new Measurements(52_000, OptionalDouble.of(1_900), OptionalDouble.of(1_100)), provenance);
 * Target.P99_READ.observed(s);  // OptionalDouble[1900.0]
 * }</pre>
 *
 * @param configuration the knob values the run used (catalog types)
 */
public record Sample(Workload workload, PhysicalDesign design, Configuration configuration,
                     Measurements measured, Provenance provenance) {

    public Sample {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(provenance, "provenance");
    }
}
