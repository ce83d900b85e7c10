package dev.ctuner.sidecar.bench;

import java.util.List;

/**
 * The phases of a run, executed in order. Each phase waits for the previous phase's requests to
 * finish, so that every operation is measured in the phase that issued it.
 *
 * <pre>{@code
 * Schedule schedule = Schedule.of(
 *         Phase.builder("read-heavy").mix(OperationMix.ycsbB()).operations(50_000).build(),
 *         Phase.builder("write-heavy").mix(OperationMix.parse("read=0.1,update=0.9")).operations(50_000).build());
 * }</pre>
 */
public record Schedule(List<Phase> phases) {

    public Schedule {
        if (phases == null || phases.isEmpty()) {
            throw new IllegalArgumentException("a schedule needs at least one phase");
        }
        phases = List.copyOf(phases);
    }

    public static Schedule of(Phase... phases) {
        return new Schedule(List.of(phases));
    }
}
