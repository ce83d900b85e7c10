package dev.ctuner.advisor.core.experiment;

import dev.ctuner.advisor.core.learning.Measurements;
import dev.ctuner.advisor.core.learning.Sample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Puts measurements taken on different machines, or at different times on one machine, on one scale,
 * using the anchor runs a campaign interleaves: the default configuration on the campaign's reference
 * workload, measured at the start of every sitting and after every few runs.
 *
 * <p>Why: a campaign takes longer than one machine lives, and machines of one shape differ in speed,
 * and drift within a sitting, by more than a knob moves throughput (the numbers are in
 * docs/data/README.md, "Anchor runs"). Every measured value is multiplied by
 * {@code reference / local}, per metric: {@code local} is the mean of the {@code nearest} anchors of
 * the same machine closest in time, {@code reference} the mean over machines of each machine's anchor
 * mean. It assumes that a machine's speed scales all configurations and workloads alike; comparisons
 * that must not rest on that (A/B validation) measure both sides in one sitting instead.
 *
 * <pre>{@code
 * AnchorNormalisation.Result r = AnchorNormalisation.apply(samples, 3);
 * r.samples();   // anchored samples (anchors included), or the input unchanged if it has no anchors
 * r.excluded();  // samples of a machine without an anchor run, with the reason
 * }</pre>
 */
public final class AnchorNormalisation {

    /** The design-point name of anchor runs in every campaign CSV. */
    public static final String ANCHOR = "anchor";

    private AnchorNormalisation() {
    }

    /**
     * One machine's anchors.
     *
     * @param machine    the machine id ("" when the data does not name machines)
     * @param anchors    how many anchor runs it has
     * @param throughput their mean throughput, ops/s
     * @param spread     their coefficient of variation (0 for one anchor)
     * @param samples    how many samples (anchors included) were measured on it
     */
    public record Machine(String machine, int anchors, double throughput, double spread, int samples) {
    }

    /**
     * @param samples   the samples on one scale (the input unchanged when {@link #anchored()} is false)
     * @param anchored  whether anchors were found and applied
     * @param reference the reference anchor throughput every sample was scaled to (NaN when not anchored)
     * @param nearest   how many anchors nearest in time set a sample's scale
     * @param machines  per machine, its anchors
     * @param excluded  samples left out, with the reason
     */
    public record Result(List<Sample> samples, boolean anchored, double reference, int nearest, List<Machine> machines,
                         List<String> excluded) {
        public Result {
            samples = List.copyOf(samples);
            machines = List.copyOf(machines);
            excluded = List.copyOf(excluded);
        }

        /** One sentence for a report: whether and how the values were put on one scale. */
        public String summary() {
            if (!anchored) {
                return "No anchor runs in the data: values as measured, machines and hours mixed.";
            }
            return String.format(Locale.ROOT, "Values put on one scale by %d anchor runs (the default configuration, "
                            + "interleaved) on %d machine(s): each run scaled by the reference anchor throughput "
                            + "(%.0f ops/s) over the mean of its machine's %d anchors nearest in time; %d runs of "
                            + "machines without anchors left out.",
                    machines.stream().mapToInt(Machine::anchors).sum(), machines.stream().filter(m -> m.anchors() > 0).count(),
                    reference, nearest, excluded.size());
        }
    }

    public static boolean isAnchor(Sample s) {
        return ANCHOR.equals(s.provenance().designPoint());
    }

    /**
     * @param nearest how many of a machine's anchors, closest in time to a sample, set its local level
     *                (1 follows drift closely but carries one run's noise; more average the noise away)
     */
    public static Result apply(List<Sample> samples, int nearest) {
        if (nearest < 1) {
            throw new IllegalArgumentException("nearest must be at least 1, was " + nearest);
        }
        Map<String, List<Sample>> byMachine = new LinkedHashMap<>();
        samples.forEach(s -> byMachine.computeIfAbsent(s.provenance().hardware().machine(), k -> new ArrayList<>()).add(s));
        Map<String, List<Sample>> anchorsOf = new LinkedHashMap<>();
        byMachine.forEach((m, list) -> {
            List<Sample> anchors = list.stream().filter(AnchorNormalisation::isAnchor).toList();
            if (!anchors.isEmpty()) {
                anchorsOf.put(m, anchors);
            }
        });
        List<Machine> machines = new ArrayList<>();
        byMachine.forEach((m, list) -> {
            List<Sample> anchors = anchorsOf.getOrDefault(m, List.of());
            double[] t = anchors.stream().mapToDouble(s -> s.measured().throughput()).toArray();
            Summary summary = t.length == 0 ? null : Summary.of(t);
            machines.add(new Machine(m, t.length, summary == null ? Double.NaN : summary.mean(),
                    summary == null ? Double.NaN : summary.cv(), list.size()));
        });
        if (anchorsOf.isEmpty()) {
            return new Result(samples, false, Double.NaN, nearest, machines, List.of());
        }
        double refThroughput = reference(anchorsOf, s -> OptionalDouble.of(s.measured().throughput()));
        double refRead = reference(anchorsOf, s -> s.measured().p99ReadUs());
        double refWrite = reference(anchorsOf, s -> s.measured().p99WriteUs());
        List<Sample> out = new ArrayList<>();
        List<String> excluded = new ArrayList<>();
        for (Sample s : samples) {
            String machine = s.provenance().hardware().machine();
            List<Sample> anchors = anchorsOf.get(machine);
            if (anchors == null) {
                excluded.add(s.provenance().experimentId() + ": machine '" + machine + "' has no anchor run");
                continue;
            }
            List<Sample> local = anchors.stream()
                    .sorted(Comparator.comparingLong((Sample a) -> Math.abs(a.provenance().startedAt().toEpochMilli()
                            - s.provenance().startedAt().toEpochMilli()))
                            .thenComparing(a -> a.provenance().experimentId()))
                    .limit(nearest).toList();
            Measurements m = s.measured();
            double throughput = m.throughput() * refThroughput / mean(local, a -> OptionalDouble.of(a.measured().throughput()));
            out.add(new Sample(s.workload(), s.design(), s.configuration(), new Measurements(throughput,
                    scaled(m.p99ReadUs(), refRead, mean(local, a -> a.measured().p99ReadUs())),
                    scaled(m.p99WriteUs(), refWrite, mean(local, a -> a.measured().p99WriteUs()))), s.provenance()));
        }
        return new Result(out, true, refThroughput, nearest, machines, excluded);
    }

    /** An anchor run as the online form sees it: where, when, and how fast. */
    public record Anchor(String machine, Instant at, double throughput) {
        public Anchor {
            Objects.requireNonNull(machine, "machine");
            Objects.requireNonNull(at, "at");
        }
    }

    /**
     * The online (causal) form, for a tuner that acts on every result before later anchors exist
     * (iterated racing): the factor for a run on {@code machine} started at {@code at} is the
     * campaign's first anchor over the mean of the last {@code nearest} anchors of the same machine
     * started before it; 1 when there is no such anchor (a file without anchors, or a machine whose
     * first anchor never ran OK). It only looks back, so replaying a file gives the values the live
     * campaign saw.
     */
    public static double causalFactor(List<Anchor> anchors, String machine, Instant at, int nearest) {
        if (nearest < 1) {
            throw new IllegalArgumentException("nearest must be at least 1, was " + nearest);
        }
        Anchor first = anchors.stream().min(Comparator.comparing(Anchor::at)).orElse(null);
        OptionalDouble local = anchors.stream().filter(a -> a.machine().equals(machine) && a.at().isBefore(at))
                .sorted(Comparator.comparing(Anchor::at).reversed()).limit(nearest).mapToDouble(Anchor::throughput).average();
        if (first == null || local.isEmpty() || !(local.getAsDouble() > 0)) {
            return 1;
        }
        return first.throughput() / local.getAsDouble();
    }

    /** The mean over machines of each machine's anchor mean (each machine counts once). */
    private static double reference(Map<String, List<Sample>> anchorsOf, Function<Sample, OptionalDouble> metric) {
        return anchorsOf.values().stream().mapToDouble(a -> mean(a, metric)).filter(Double::isFinite).average().orElse(Double.NaN);
    }

    private static double mean(List<Sample> anchors, Function<Sample, OptionalDouble> metric) {
        return anchors.stream().map(metric).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble)
                .average().orElse(Double.NaN);
    }

    /** A latency scaled like the throughput; left out when the anchors have no such latency to scale by. */
    private static OptionalDouble scaled(OptionalDouble value, double reference, double local) {
        if (value.isEmpty() || !Double.isFinite(reference) || !Double.isFinite(local)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(value.getAsDouble() * reference / local);
    }
}
