package dev.ctuner.advisor.core.experiment;

import dev.ctuner.advisor.core.learning.Measurements;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Workload;
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
import java.util.function.ToDoubleFunction;

/**
 * Puts measurements taken on different machines, or at different times on one machine, on one scale,
 * using the anchor runs a campaign interleaves: the default configuration on the campaign's reference
 * workload, measured at the start of every sitting and after every few runs.
 *
 * <p>Why: a campaign takes longer than one machine lives, and machines of one shape differ in speed,
 * and drift within a sitting, by more than a knob moves throughput (the numbers are in
 * docs/data/README.md, "Anchor runs"). Runs are grouped in blocks, one campaign on one machine (a
 * campaign's anchors share one workload). Every measured value is multiplied by
 * {@code reference / local}, per metric: {@code local} is the mean of the {@code nearest} anchors of
 * the block closest in time, {@code reference} the mean over the blocks with the same anchor
 * workload of each block's anchor mean. It assumes that a machine's speed scales all configurations
 * and workloads alike; comparisons that must not rest on that (A/B validation) measure both sides in
 * one sitting instead.
 *
 * <pre>{@code
 * AnchorNormalisation.Result r = AnchorNormalisation.apply(samples, 3);
 * r.samples();   // the other runs on one scale (anchors are the scale), or the input if it has no anchors
 * r.excluded();  // runs of a campaign and machine without a usable anchor, with the reason
 * }</pre>
 */
public final class AnchorNormalisation {

    /** The design-point name of anchor runs in every campaign CSV. */
    public static final String ANCHOR = "anchor";

    private AnchorNormalisation() {
    }

    /**
     * The anchors of one campaign on one machine.
     *
     * @param campaign   the campaign (its anchors share one workload)
     * @param machine    the machine id ("" when the data does not name machines)
     * @param anchors    how many anchor runs it has
     * @param throughput their mean throughput, ops/s (NaN without anchors)
     * @param spread     their coefficient of variation (0 for one anchor)
     * @param runs       how many other runs were measured there
     */
    public record Block(String campaign, String machine, int anchors, double throughput, double spread, int runs) {
    }

    /**
     * @param samples   the samples on one scale, anchors not among them (they are the scale); the input
     *                  unchanged when {@link #anchored()} is false
     * @param anchored  whether anchors were found and applied
     * @param reference the reference anchor throughput the samples were scaled to (of the first anchor
     *                  workload, when campaigns with different anchor workloads are mixed; NaN when not anchored)
     * @param nearest   how many anchors nearest in time set a sample's scale
     * @param blocks    per campaign and machine, its anchors
     * @param excluded  samples left out, with the reason
     */
    public record Result(List<Sample> samples, boolean anchored, double reference, int nearest, List<Block> blocks,
                         List<String> excluded) {
        public Result {
            samples = List.copyOf(samples);
            blocks = List.copyOf(blocks);
            excluded = List.copyOf(excluded);
        }

        /** One sentence for a report: whether and how the values were put on one scale. */
        public String summary() {
            if (!anchored) {
                return "No anchor runs in the data: values as measured, machines and hours mixed.";
            }
            return String.format(Locale.ROOT, "Values put on one scale by %d anchor runs (the default configuration, "
                            + "interleaved) on %d machine(s): each run scaled by the reference anchor throughput "
                            + "(%.0f ops/s) over the mean of the %d anchors of its campaign and machine nearest in time; "
                            + "anchors are the scale, not samples; %d runs without usable anchors left out.",
                    blocks.stream().mapToInt(Block::anchors).sum(),
                    blocks.stream().filter(b -> b.anchors() > 0).map(Block::machine).distinct().count(),
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
        Map<List<String>, List<Sample>> byBlock = new LinkedHashMap<>();
        samples.forEach(s -> byBlock.computeIfAbsent(blockOf(s), k -> new ArrayList<>()).add(s));
        Map<List<String>, List<Sample>> anchorsOf = new LinkedHashMap<>();
        Map<List<String>, String> unusable = new LinkedHashMap<>();
        byBlock.forEach((block, list) -> {
            List<Sample> anchors = list.stream().filter(AnchorNormalisation::isAnchor).toList();
            if (anchors.isEmpty()) {
                unusable.put(block, "has no anchor run");
            } else if (anchors.stream().map(Sample::workload).distinct().count() > 1) {
                unusable.put(block, "has anchors of different workloads");
            } else {
                anchorsOf.put(block, anchors);
            }
        });
        List<Block> blocks = new ArrayList<>();
        byBlock.forEach((block, list) -> {
            double[] t = list.stream().filter(AnchorNormalisation::isAnchor).mapToDouble(x -> x.measured().throughput()).toArray();
            Summary summary = t.length == 0 ? null : Summary.of(t);
            blocks.add(new Block(block.get(0), block.get(1), t.length, summary == null ? Double.NaN : summary.mean(),
                    summary == null ? Double.NaN : summary.cv(), list.size() - t.length));
        });
        if (anchorsOf.isEmpty()) {
            return new Result(samples, false, Double.NaN, nearest, blocks, List.of());
        }
        // One reference per anchor workload: the mean over blocks of each block's anchor mean.
        Map<Workload, List<Level>> byWorkload = new LinkedHashMap<>();
        anchorsOf.values().forEach(a -> byWorkload.computeIfAbsent(a.get(0).workload(), k -> new ArrayList<>()).add(Level.of(a)));
        Map<Workload, Level> references = new LinkedHashMap<>();
        byWorkload.forEach((w, levels) -> references.put(w, Level.average(levels)));
        List<Sample> out = new ArrayList<>();
        List<String> excluded = new ArrayList<>();
        for (Sample s : samples) {
            if (isAnchor(s)) {
                continue; // the scale, not a sample
            }
            List<String> block = blockOf(s);
            List<Sample> anchors = anchorsOf.get(block);
            if (anchors == null) {
                excluded.add(s.provenance().experimentId() + ": " + block.get(0) + " on machine '" + block.get(1) + "' "
                        + unusable.get(block));
                continue;
            }
            Level reference = references.get(anchors.get(0).workload());
            Level local = Level.of(anchors.stream()
                    .sorted(Comparator.comparingLong((Sample a) -> Math.abs(a.provenance().startedAt().toEpochMilli()
                            - s.provenance().startedAt().toEpochMilli()))
                            .thenComparing(a -> a.provenance().experimentId()))
                    .limit(nearest).toList());
            Measurements m = s.measured();
            out.add(new Sample(s.workload(), s.design(), s.configuration(), new Measurements(
                    m.throughput() * reference.throughput() / local.throughput(),
                    scaled(m.p99ReadUs(), reference.p99Read(), local.p99Read()),
                    scaled(m.p99WriteUs(), reference.p99Write(), local.p99Write())), s.provenance()));
        }
        return new Result(out, true, references.values().iterator().next().throughput(), nearest, blocks, excluded);
    }

    /** A sample's block: its campaign (whose anchors share one workload) and its machine. */
    private static List<String> blockOf(Sample s) {
        return List.of(s.provenance().campaign(), s.provenance().hardware().machine());
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

    /** Mean throughput and p99s of some anchors (NaN where none of them has the value). */
    private record Level(double throughput, double p99Read, double p99Write) {

        static Level of(List<Sample> anchors) {
            return new Level(mean(anchors, a -> OptionalDouble.of(a.measured().throughput())),
                    mean(anchors, a -> a.measured().p99ReadUs()), mean(anchors, a -> a.measured().p99WriteUs()));
        }

        /** The mean of several blocks' levels, each counting once (values a block lacks are skipped). */
        static Level average(List<Level> levels) {
            return new Level(finiteMean(levels, Level::throughput), finiteMean(levels, Level::p99Read),
                    finiteMean(levels, Level::p99Write));
        }

        private static double finiteMean(List<Level> levels, ToDoubleFunction<Level> field) {
            return levels.stream().mapToDouble(field).filter(Double::isFinite).average().orElse(Double.NaN);
        }
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
