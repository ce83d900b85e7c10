package dev.ctuner.harness.campaign;

import dev.ctuner.sidecar.bench.MachineId;
import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.harness.ExperimentCassandra;
import dev.ctuner.sidecar.bench.CpuMeter;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a campaign's points in order, appending each experiment to the CSV as it finishes. Resumable:
 * a point that already has an OK row, or has used up its attempts, is skipped. A NOISY or FAULTED run
 * is kept in the file (marked) and the point is tried again, up to {@code maxAttempts}; a node that
 * refuses the configuration is not tried again (it would refuse again).
 *
 * <p>With {@link #withAnchors anchors}, the executor also measures the default configuration on the
 * campaign's reference workload (design point {@value AnchorNormalisation#ANCHOR}) before the first
 * measurement of every sitting, after every {@code every} measurements, and when {@link #finish()} is
 * called at the end of a completed campaign, or when the {@link Sitting} ends (a campaign stopped by a
 * kill ends without one): the data {@link AnchorNormalisation} needs to put runs from different
 * machines and hours on one scale.
 */
public final class CampaignExecutor {

    private static final Logger log = LoggerFactory.getLogger(CampaignExecutor.class);

    /** Below this much CPU used by others the machine counts as quiet, in cores. */
    private static final double QUIET_CORES = 0.10;
    /** A point that faulted this often is given up (a configuration that breaks runs keeps breaking them). */
    static final int MAX_FAULTS = 2;
    /** Anchors given up in a row before the campaign stops. */
    static final int ANCHOR_TRIES = 3;
    /**
     * What a run is taken to last before one was measured, when the campaign's file has none of its
     * runs either (runs here take 2 min or so, a slow start included).
     */
    static final Duration FIRST_RUN_GUESS = Duration.ofMinutes(3);
    /**
     * What a run of a block (a comparison's round, which a sitting does not end inside) is taken to
     * last before one was measured, when the campaign's file has none of its runs either: the slowest
     * machine seen here took 244-330 s per run.
     */
    static final Duration FIRST_BLOCK_RUN_GUESS = Duration.ofMinutes(6);
    /**
     * The longest run of a design point any executor of this process measured: the steps of one
     * campaign (a peer comparison after its race) run on one machine, so a later step starts from it,
     * not from a guess.
     */
    private static final AtomicReference<Duration> LONGEST_IN_PROCESS = new AtomicReference<>();
    /** The longest anchor run any executor of this process measured (anchors: the default configuration, often quicker). */
    private static final AtomicReference<Duration> LONGEST_ANCHOR_IN_PROCESS = new AtomicReference<>();

    /**
     * Set as the JVM begins to shut down (a kill ends a sitting): the node is then stopped under
     * the running measurement, whose failure says nothing about its configuration.
     */
    private static final java.util.concurrent.atomic.AtomicBoolean SHUTTING_DOWN = new java.util.concurrent.atomic.AtomicBoolean();

    /** This machine, as the CSV's {@code machine} column names it. */
    private static final String MACHINE = MachineId.current();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> SHUTTING_DOWN.set(true), "campaign-shutdown-flag"));
    }

    private final ExperimentCassandra node;
    private final ExperimentRunner runner;
    private final ExperimentCsv csv;
    private final String campaign;
    private final int maxAttempts;
    private final Function<Map<String, String>, Map<String, String>> knobColumns;
    private ProgressListener progress = () -> { };
    private Point anchor;
    private int anchorEvery;
    /** Measurements since the last anchor in this sitting; -1 before the sitting's first anchor. */
    private int sinceAnchor = -1;
    /** When this process must stop measuring; null: never before the campaign is done. */
    private Sitting sitting;
    /** How long design-point runs took (waits for a quiet machine left out). */
    private final RunTimes designRuns = new RunTimes(LONGEST_IN_PROCESS);
    /** How long anchor runs took. */
    private final RunTimes anchorRuns = new RunTimes(LONGEST_ANCHOR_IN_PROCESS);
    /** The campaign's file as it was when {@link #runAll} began. */
    private List<Map<String, String>> rowsAtStart = List.of();
    /** The longest anchor run of the campaign on each machine, in {@link #rowsAtStart}: each machine's pace. */
    private Map<String, Duration> anchorOnAtStart = Map.of();
    /** This machine's longest anchor run in {@link #rowsAtStart}, if it recorded one: its pace, from the file. */
    private Optional<Duration> anchorHereAtStart = Optional.empty();
    /**
     * The longest recorded anchor run at this machine's pace, in {@link #rowsAtStart}: this machine's own,
     * else (its pace unknown) the longest of any machine.
     */
    private Optional<Duration> longestAnchorRecorded = Optional.empty();
    /** Points in blocks of this many, measured in one sitting each (a comparison's rounds); 1: any point alone. */
    private int block = 1;

    /**
     * @param knobColumns the effective value of every knob column, from a point's configuration
     */
    public CampaignExecutor(ExperimentCassandra node, ExperimentRunner runner, ExperimentCsv csv, String campaign,
            int maxAttempts, Function<Map<String, String>, Map<String, String>> knobColumns) {
        this.node = node;
        this.runner = runner;
        this.csv = csv;
        this.campaign = campaign;
        this.maxAttempts = maxAttempts;
        this.knobColumns = knobColumns;
    }

    /**
     * Interleaves anchor runs of {@code reference} (its design point and repetition are replaced).
     *
     * @param every measurements between two anchors (0: no anchors)
     */
    public CampaignExecutor withAnchors(Point reference, int every) {
        if (every < 0) {
            throw new IllegalArgumentException("--anchor-every must be 0 (none) or more, was " + every);
        }
        this.anchor = every == 0 ? null : new Point(AnchorNormalisation.ANCHOR, 0, Map.of(), reference.workload(),
                reference.placement());
        this.anchorEvery = every;
        return this;
    }

    /** Ends the sitting between runs, with its closing anchor, at {@code --stop-after} or the stop file. */
    public CampaignExecutor within(Sitting sitting) {
        this.sitting = sitting;
        return this;
    }

    /**
     * Keeps blocks of {@code size} consecutive points (a comparison's rounds) in one sitting: the
     * sitting ends only before a block, once the block's unfinished runs would not fit, and a run
     * measured again inside a block does not end it. The stop file, too, ends the sitting only
     * between blocks.
     */
    public CampaignExecutor inBlocksOf(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("blocks of " + size + " points");
        }
        this.block = size;
        return this;
    }

    /**
     * How many runs the sitting must have room for before point {@code i} starts: 0 where it may not
     * end before it (inside a block that this sitting began), else the runs of {@code i}'s block not
     * yet done, given what was done when the sitting began.
     */
    static int runsAhead(boolean[] doneAtStart, int i, int block) {
        int first = i - i % block;
        for (int j = first; j < i; j++) {
            if (!doneAtStart[j]) {
                return 0;
            }
        }
        int runs = 0;
        for (int j = i; j < Math.min(first + block, doneAtStart.length); j++) {
            runs += doneAtStart[j] ? 0 : 1;
        }
        return runs;
    }

    /** Called after every finished measurement, between runs (e.g. to rewrite the campaign's report). */
    @FunctionalInterface
    public interface ProgressListener {
        void measured() throws IOException;
    }

    /** Rewrites, say, the campaign's report after every measurement, so that a stopped campaign leaves it current. */
    public CampaignExecutor onProgress(ProgressListener listener) {
        this.progress = listener;
        return this;
    }

    /** Ends the sitting: an anchor after the last measurements, so that they have one on each side. */
    public void finish() throws IOException, InterruptedException {
        if (anchor != null && sinceAnchor > 0) {
            measureAnchor();
        }
    }

    public void runAll(List<Point> points) throws IOException, InterruptedException {
        Instant start = Instant.now();
        int done = 0;
        rowsAtStart = csv.rows();
        boolean[] doneAtStart = new boolean[points.size()];
        int todo = 0;
        for (int i = 0; i < points.size(); i++) {
            doneAtStart[i] = finished(attempts(rowsAtStart, points.get(i)), maxAttempts);
            todo += doneAtStart[i] ? 0 : 1;
        }
        log.info("{}: {} of {} measurements to do", campaign, todo, points.size());
        anchorOnAtStart = longestAnchorPerMachine(rowsAtStart, campaign);
        anchorHereAtStart = Optional.ofNullable(anchorOnAtStart.get(MACHINE));
        longestAnchorRecorded = anchorHereAtStart
                .or(() -> anchorOnAtStart.values().stream().reduce(CampaignExecutor::longer));
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            if (doneAtStart[i]) {
                continue;
            }
            if (openingAnchorFirst()) {
                log.info("{}: this machine's pace is not known yet; its opening anchor comes before the first check",
                        campaign);
                measureAnchor();
            }
            boolean anchorDue = anchor != null && (sinceAnchor < 0 || sinceAnchor >= anchorEvery);
            int ahead = runsAhead(doneAtStart, i, block);
            if (ahead > 0) {
                List<Point> blockAhead = new ArrayList<>();
                for (int j = i; blockAhead.size() < ahead; j++) {
                    if (!doneAtStart[j]) {
                        blockAhead.add(points.get(j));
                    }
                }
                // a block also keeps room for one run measured again
                endSittingIfDue(p, blockAhead, ahead + (block > 1 ? 1 : 0),
                        anchor == null ? 0 : anchorsAround(ahead, anchorDue ? 0 : sinceAnchor, anchorDue, anchorEvery));
            }
            if (anchorDue) {
                measureAnchor();
            }
            measure(p, true);
            if (anchor != null) {
                sinceAnchor++;
            }
            done++;
            double perRun = Duration.between(start, Instant.now()).toSeconds() / (double) done;
            log.info(String.format(Locale.ROOT, "%s: %d of %d done, about %.0f min left", campaign, done, todo,
                    perRun * (todo - done) / 60));
        }
    }

    /**
     * The anchor runs that go with {@code runs} runs in a row: the one due before them, those that
     * fall due between them (one after every {@code every} measurements) and the closing one after them.
     *
     * @param since measurements since the last anchor when the first of the runs starts (after a due anchor: 0)
     */
    static int anchorsAround(int runs, int since, boolean due, int every) {
        return (due ? 1 : 0) + (since + runs - 1) / every + 1;
    }

    /**
     * Whether to measure the sitting's opening anchor before the first check rather than after it: on a
     * machine whose pace is not known yet (no anchor of this campaign measured on it), the check would
     * count the first block at the recorded runs as they were taken, often on a machine 2-3 times slower.
     * Only when the anchor alone fits the sitting (and the stop file is absent); otherwise the check ends
     * the sitting as before, without a lone anchor.
     */
    private boolean openingAnchorFirst() {
        if (anchor == null || sitting == null || sinceAnchor >= 0 || paceHere().isPresent()) {
            return false;
        }
        Duration perAnchor = anchorRuns.estimate(longestAnchorRecorded.orElse(FIRST_RUN_GUESS));
        return sitting.endBefore(0, Duration.ZERO, 1, perAnchor, Instant.now()).isEmpty();
    }

    /**
     * This machine's pace: its longest anchor run in this sitting, else in an earlier sitting on it (a
     * reboot is a new machine).
     */
    private Optional<Duration> paceHere() {
        return Optional.ofNullable(anchorRuns.here).or(() -> anchorHereAtStart);
    }

    /**
     * What each run of {@code ahead} may take: the longest design-point run measured at the nearest
     * reach ({@link RunTimes}), else the campaign's longest recorded run at this machine's pace, else a
     * guess; and never less than the longest recorded run of any of their configurations, at this
     * machine's pace (a slow configuration stays slow at every read ratio, while the runs of this
     * sitting may all have been quick ones).
     */
    private Duration perRun(List<Point> ahead) {
        Optional<Duration> anchorHere = paceHere();
        Duration known = designRuns.estimate(longestRecorded(rowsAtStart, campaign, anchorOnAtStart, anchorHere)
                .orElse(block > 1 ? FIRST_BLOCK_RUN_GUESS : FIRST_RUN_GUESS));
        return ahead.stream()
                .map(p -> longestOfConfiguration(rowsAtStart, campaign, knobColumns.apply(p.configuration()),
                        anchorOnAtStart, anchorHere))
                .flatMap(Optional::stream).reduce(known, CampaignExecutor::longer);
    }

    /**
     * The longest design-point run of {@code campaign} in its file (its wall time, a node's start
     * included), any quality, at this machine's pace ({@link #longestOfConfiguration}): what an earlier
     * sitting's runs took, a better guess for the next one than a constant.
     */
    static Optional<Duration> longestRecorded(List<Map<String, String>> rows, String campaign,
            Map<String, Duration> anchorOn, Optional<Duration> anchorHere) {
        return longestOfConfiguration(rows, campaign, Map.of(), anchorOn, anchorHere);
    }

    /** The longest anchor run of {@code campaign} on each machine that recorded one, by its {@code machine} column. */
    static Map<String, Duration> longestAnchorPerMachine(List<Map<String, String>> rows, String campaign) {
        Map<String, Duration> anchorOn = new HashMap<>();
        rows.stream().filter(r -> campaign.equals(r.get("campaign")))
                .filter(r -> AnchorNormalisation.ANCHOR.equals(r.get("design_point")))
                .forEach(r -> wall(r).ifPresent(took -> anchorOn.merge(machine(r), took, CampaignExecutor::longer)));
        return Map.copyOf(anchorOn);
    }

    /**
     * The longest recorded design-point run of {@code campaign} whose knob columns hold {@code knobValues}
     * (at any workload), any quality, at this machine's pace: each run's wall time times
     * {@code anchorHere} over the longest anchor run of the run's own machine ({@code anchorOn}).
     * Machines of one shape differ in pace by 2x and more (g02: 323-345 s a run on one, 156-165 s on
     * another, whose anchors took 144-169 s and 74-104 s). A run is taken as it was where either anchor
     * is unknown.
     *
     * @param anchorOn   the longest anchor run of the campaign on each machine ({@link #longestAnchorPerMachine})
     * @param anchorHere the longest anchor run on this machine, if one is known
     */
    static Optional<Duration> longestOfConfiguration(List<Map<String, String>> rows, String campaign,
            Map<String, String> knobValues, Map<String, Duration> anchorOn, Optional<Duration> anchorHere) {
        return rows.stream().filter(r -> campaign.equals(r.get("campaign")))
                .filter(r -> !AnchorNormalisation.ANCHOR.equals(r.get("design_point")))
                .filter(r -> knobValues.entrySet().stream()
                        .allMatch(k -> k.getValue().equals(r.getOrDefault(ExperimentCsv.KNOB_PREFIX + k.getKey(), ""))))
                .flatMap(r -> wall(r).map(took -> atPace(took, Optional.ofNullable(anchorOn.get(machine(r))), anchorHere))
                        .stream())
                .reduce(CampaignExecutor::longer);
    }

    /** {@code took} on a machine whose anchors took {@code anchorThere}, on one whose anchors take {@code anchorHere}. */
    private static Duration atPace(Duration took, Optional<Duration> anchorThere, Optional<Duration> anchorHere) {
        if (anchorThere.isEmpty() || anchorHere.isEmpty() || anchorThere.get().isZero()) {
            return took;
        }
        double pace = (double) anchorHere.get().toMillis() / anchorThere.get().toMillis();
        return Duration.ofMillis(Math.round(took.toMillis() * pace));
    }

    /** A row's wall time (a node's start included), if it has one. */
    private static Optional<Duration> wall(Map<String, String> row) {
        String seconds = row.get("wall_seconds");
        return seconds == null || seconds.isBlank() ? Optional.empty()
                : Optional.of(Duration.ofMillis(Math.round(Double.parseDouble(seconds) * 1000)));
    }

    private static String machine(Map<String, String> row) {
        return row.getOrDefault("machine", "");
    }

    /**
     * Ends the sitting, with its closing anchor, if it asks for it before {@code runs} more runs and
     * the {@code anchors} anchor runs around them.
     *
     * @throws Sitting.Ended when it did
     */
    private void endSittingIfDue(Point next, List<Point> ahead, int runs, int anchors)
            throws IOException, InterruptedException {
        if (sitting == null) {
            return;
        }
        Duration perRun = perRun(ahead);
        // an anchor run may take what the longest anchor run took, found as for design points; else what a run may
        Duration perAnchor = anchors == 0 ? Duration.ZERO : anchorRuns.estimate(longestAnchorRecorded.orElse(perRun));
        Optional<String> why = sitting.endBefore(runs, perRun, anchors, perAnchor, Instant.now());
        if (why.isPresent()) {
            log.info("{}: ending the sitting before {}/r{}: {}", campaign, next.designPoint(), next.repetition(), why.get());
            finish();
            throw new Sitting.Ended(campaign + ": the sitting ended before " + next.designPoint() + "/r"
                    + next.repetition() + " (" + why.get() + ")");
        }
    }

    /**
     * Measures an anchor as a new repetition (the number is only a label; an interrupted one is not
     * taken up again, so every sitting's first anchor gets all its attempts). Runs that cannot be put
     * on the scale are not worth measuring: if {@value #ANCHOR_TRIES} anchors in a row give up
     * without an OK run, the campaign stops.
     */
    private void measureAnchor() throws IOException, InterruptedException {
        for (int tries = 0; tries < ANCHOR_TRIES; tries++) {
            int repetition = nextAnchorRepetition(csv.rows(), campaign);
            Point p = new Point(AnchorNormalisation.ANCHOR, repetition, anchor.configuration(), anchor.workload(), anchor.placement());
            measure(p, false);
            if (attempts(p).stream().anyMatch(r -> ExperimentQuality.OK.name().equals(r.get("quality")))) {
                sinceAnchor = 0;
                return;
            }
        }
        throw new IllegalStateException(campaign + ": " + ANCHOR_TRIES + " anchor runs in a row ended without an OK "
                + "measurement (see the quality notes in " + csv.file() + "); stopping rather than measure runs that "
                + "cannot be put on the common scale");
    }

    /** The next anchor's repetition: one past the highest recorded. */
    static int nextAnchorRepetition(List<Map<String, String>> rows, String campaign) {
        return rows.stream().filter(r -> campaign.equals(r.get("campaign"))
                        && AnchorNormalisation.ANCHOR.equals(r.get("design_point")))
                .mapToInt(r -> Integer.parseInt(r.get("repetition"))).max().orElse(-1) + 1;
    }

    /**
     * Measures a point until it is {@link #finished(Point) finished}; before trying a design point
     * again (after a NOISY or FAULTED run) the sitting may end.
     */
    private void measure(Point p, boolean designPoint) throws IOException, InterruptedException {
        boolean again = false;
        while (!finished(p)) {
            if (again && designPoint && block == 1) {
                endSittingIfDue(p, List.of(p), 1, anchor != null ? 1 : 0);
            }
            again = true;
            int attempt = attempts(p).size() + 1;
            String id = campaign + "/" + p.designPoint() + "/r" + p.repetition() + "/a" + attempt;
            awaitQuietMachine();
            p.placement().apply(node);
            Instant t0 = Instant.now();
            ExperimentRunner.Outcome o = runner.run(id, p.configuration(), p.workload());
            double wall = Duration.between(t0, Instant.now()).toMillis() / 1000.0;
            if (SHUTTING_DOWN.get() && o.result().quality() != ExperimentQuality.OK) {
                // the kill that ends a sitting stops the node under the run: the campaign's doing, not the configuration's
                log.info(id + ": interrupted by the campaign's shutdown; not recorded");
                return;
            }
            csv.append(campaign, p.designPoint(), p.repetition(), p.placement().name().toLowerCase(Locale.ROOT),
                    wall, o.result(), o.cpu(), o.warmUp(), knobColumns.apply(p.configuration()));
            log.info(String.format(Locale.ROOT, "%s: %.0f ops/s %s in %.0f s%s", id,
                    o.result().throughputOpsPerSecond(), o.result().quality(), wall,
                    o.result().qualityNotes().isEmpty() ? "" : " " + o.result().qualityNotes()));
            progress.measured();
            Duration took = Duration.between(t0, Instant.now());
            (designPoint ? designRuns : anchorRuns).measured(took);
            if (o.result().quality() == ExperimentQuality.NOISY) {
                Thread.sleep(15_000); // let whatever else ran calm down before trying again
            }
        }
    }

    /** The longer of two durations, {@code longest} null: none yet. */
    private static Duration longer(Duration longest, Duration run) {
        return longest == null || run.compareTo(longest) > 0 ? run : longest;
    }

    /**
     * Waits until processes other than the node and this JVM use less than the noise limit (a build
     * or another benchmark would make the run NOISY anyway); logs once a minute while it waits.
     */
    private void awaitQuietMachine() throws IOException, InterruptedException {
        long self = ProcessHandle.current().pid();
        Instant waitingSince = Instant.now();
        Instant lastLog = waitingSince;
        while (true) {
            long nodePid = node.isRunning() ? node.pid() : self;
            CpuMeter.Reading before = CpuMeter.read(nodePid, self);
            Thread.sleep(3_000);
            CpuMeter.Usage use = CpuMeter.read(nodePid, self).since(before);
            double foreign = nodePid == self ? use.machineCores() - use.clientCores() : use.foreignCores();
            if (foreign < QUIET_CORES) {
                return;
            }
            if (Duration.between(lastLog, Instant.now()).toSeconds() >= 60) {
                log.info(String.format(Locale.ROOT, "waiting for the machine to be quiet: other processes use %.2f cores "
                        + "(waiting %d s)", foreign, Duration.between(waitingSince, Instant.now()).toSeconds()));
                lastLog = Instant.now();
            }
        }
    }

    /**
     * Whether a point is done: it has an OK measurement, or the node refused its configuration, or it
     * FAULTED {@value #MAX_FAULTS} times, or it has used {@code maxAttempts} attempts (NOISY ones count:
     * a machine never quiet enough must not stall the campaign forever).
     */
    boolean finished(Point p) throws IOException {
        return finished(attempts(p), maxAttempts);
    }

    /** {@link #finished(Point)} for the rows of one point. */
    static boolean finished(List<Map<String, String>> rows, int maxAttempts) {
        return rows.stream().anyMatch(r -> ExperimentQuality.OK.name().equals(r.get("quality")))
                || rows.size() >= maxAttempts
                || rows.stream().filter(r -> ExperimentQuality.FAULTED.name().equals(r.get("quality"))).count() >= MAX_FAULTS
                || rows.stream().anyMatch(r -> r.get("quality_notes").startsWith("node did not start"));
    }

    private List<Map<String, String>> attempts(Point p) throws IOException {
        return attempts(csv.rows(), p);
    }

    private List<Map<String, String>> attempts(List<Map<String, String>> rows, Point p) {
        String rep = Integer.toString(p.repetition());
        return rows.stream().filter(r -> campaign.equals(r.get("campaign"))
                && p.designPoint().equals(r.get("design_point")) && rep.equals(r.get("repetition"))).toList();
    }

    /**
     * The longest run of one kind (design points, or anchors) known so far: this executor's, else this
     * process's (the steps of one campaign run on one machine, so a later step starts from what an
     * earlier one measured), else what the caller knows from the campaign's file.
     */
    private static final class RunTimes {
        private final AtomicReference<Duration> inProcess;
        private Duration here;

        RunTimes(AtomicReference<Duration> inProcess) {
            this.inProcess = inProcess;
        }

        void measured(Duration took) {
            here = longer(here, took);
            inProcess.accumulateAndGet(took, CampaignExecutor::longer);
        }

        /** The longest run known at the nearest reach, else {@code otherwise}. */
        Duration estimate(Duration otherwise) {
            return Stream.of(here, inProcess.get()).filter(Objects::nonNull).findFirst().orElse(otherwise);
        }
    }
}
