package dev.ctuner.advisor.core.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * What a campaign measures: every configuration of a design at every read ratio, each point's
 * repetitions in a row, the points in an order shuffled by the seed (so a slow drift of the machine
 * does not line up with the design), every run with a workload seed of its own; and the anchor, the
 * default configuration at the reference workload, which {@link AnchorNormalisation} uses to put runs
 * of different machines and hours on one scale.
 *
 * <pre>{@code
 * CampaignPlan plan = CampaignPlan.of(design.configurations(), List.of(0.1, 0.9), 2, WorkloadSize.of(50_000, 500_000, 32), 7);
 * plan.runs();      // 2 x configurations x 2 runs
 * plan.anchor();    // the defaults at read ratio 0.5
 * }</pre>
 */
public record CampaignPlan(List<PlannedRun> runs, PlannedRun anchor) {

    /** The reference workload's read ratio: the middle of the range, as the lab campaigns anchor. */
    public static final double ANCHOR_READ_RATIO = 0.5;

    public CampaignPlan {
        runs = List.copyOf(runs);
        if (runs.stream().map(PlannedRun::key).distinct().count() != runs.size()) {
            throw new IllegalArgumentException("a campaign's runs must have distinct design points and repetitions");
        }
        if (runs.stream().anyMatch(r -> r.designPoint().equals(AnchorNormalisation.ANCHOR))) {
            throw new IllegalArgumentException("'" + AnchorNormalisation.ANCHOR + "' names the anchor, not a design point");
        }
    }

    /**
     * The size of every run: rows loaded, operations measured, client threads, key distribution.
     */
    public record WorkloadSize(long rows, long operations, int threads, RequestDistribution distribution) {

        public WorkloadSize {
            if (rows < 1 || operations < 1 || threads < 1) {
                throw new IllegalArgumentException("rows, operations and threads must each be 1 or more; got rows " + rows
                        + ", operations " + operations + ", threads " + threads);
            }
            if (distribution == null) {
                throw new IllegalArgumentException("a key distribution is required");
            }
        }

        /** A read/update mix with {@code readRatio} reads, at this size. */
        public WorkloadSpec readUpdate(double readRatio, long seed) {
            return new WorkloadSpec(readRatio, 1 - readRatio, 0, 0, 0, distribution, rows, operations, threads, seed);
        }
    }

    public static CampaignPlan of(List<DesignPoint> configurations, List<Double> readRatios, int repetitions,
            WorkloadSize size, long seed) {
        if (configurations.isEmpty()) {
            throw new IllegalArgumentException("a campaign needs at least one configuration");
        }
        if (readRatios.isEmpty() || readRatios.stream().anyMatch(r -> r == null || !(r >= 0 && r <= 1))
                || readRatios.stream().distinct().count() != readRatios.size()) {
            throw new IllegalArgumentException("read ratios must be distinct numbers in [0, 1], got " + readRatios);
        }
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions must be 1 or more, was " + repetitions);
        }
        List<Map.Entry<DesignPoint, Double>> cells = new ArrayList<>();
        for (DesignPoint c : configurations) {
            for (double rr : readRatios) {
                cells.add(Map.entry(c, rr));
            }
        }
        Collections.shuffle(cells, new Random(seed));
        List<PlannedRun> runs = new ArrayList<>();
        for (Map.Entry<DesignPoint, Double> cell : cells) {
            for (int rep = 0; rep < repetitions; rep++) {
                runs.add(new PlannedRun(cell.getKey().id() + "@rr" + ratio(cell.getValue()), rep,
                        cell.getKey().configuration(), size.readUpdate(cell.getValue(), seed + runs.size())));
            }
        }
        PlannedRun anchor = new PlannedRun(AnchorNormalisation.ANCHOR, 0, Map.of(), size.readUpdate(ANCHOR_READ_RATIO, seed));
        return new CampaignPlan(runs, anchor);
    }

    /** A read ratio as design point ids spell it: 0.5, 0.1, 1.0. */
    static String ratio(double r) {
        return String.format(Locale.ROOT, "%s", r);
    }
}
