package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import dev.ctuner.common.protocol.message.Versions;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One cold, controlled measurement (the consistent-setup paper's "cold evaluation"): reset the node
 * to an empty data directory, start it with the configuration, create a fresh keyspace and table,
 * load the rows, flush, wait for compactions, warm up, then measure a fixed number of operations in
 * a closed loop with a fixed number of requests in flight.
 *
 * <pre>{@code
 * ExperimentRunner runner = new ExperimentRunner(node, ExperimentRunner.Setup.defaults(), "0.1.0");
 * ExperimentRunner.Outcome o = runner.run("exp-1", Map.of("concurrent_writes", "64"), workload);
 * System.out.println(o.result().throughputOpsPerSecond() + " ops/s, " + o.result().quality());
 * }</pre>
 *
 * <p>A run is never silently kept when something went wrong: a node that does not start, failed
 * loads or operations, or a node that died make it {@code FAULTED}; compactions that did not finish
 * or CPU used by other processes during the measured window (a build, another benchmark: the machine
 * has 2 cores) make it {@code NOISY}. The notes say why.
 */
public final class ExperimentRunner {

    private static final Logger log = LoggerFactory.getLogger(ExperimentRunner.class);

    /**
     * How runs are made, beside what the workload says (rows, operations, threads).
     *
     * @param keyspace          keyspace created fresh for every run
     * @param warmUp            shortest unmeasured run of the same workload before the measured one (JIT, caches)
     * @param warmUpMax         the warm-up goes on, in intervals of {@code warmUpInterval}, until the last
     *                          intervals' throughputs are steady ({@code steady}) or this much time has passed
     * @param warmUpInterval    length of one warm-up interval
     * @param steady            when the warm-up intervals count as steady
     * @param maxCompileShare   the warm-up also goes on while the node's JIT compiled for more than this share of
     *                          the last interval (compiler milliseconds per wall millisecond, all compiler threads)
     * @param loaderInFlight    requests in flight while loading rows
     * @param compactionTimeout how long to wait for compactions after the load's flush
     * @param maxForeignCores   CPU that other processes may use during the measured window before the
     *                          run is NOISY, in cores
     * @param measureTimeout    the measured run stops here even if it has not done its operations
     *                          (the run is then FAULTED)
     */
    public record Setup(String keyspace, Duration warmUp, Duration warmUpMax, Duration warmUpInterval, SteadyState steady,
            double maxCompileShare, int loaderInFlight, Duration compactionTimeout, double maxForeignCores, Duration measureTimeout) {

        public Setup {
            if (warmUp.isNegative() || compactionTimeout.isNegative() || measureTimeout.isNegative() || measureTimeout.isZero()) {
                throw new IllegalArgumentException("durations must not be negative");
            }
            if (warmUpMax.compareTo(warmUp) < 0) {
                throw new IllegalArgumentException("warmUpMax " + warmUpMax + " is shorter than warmUp " + warmUp);
            }
            if (warmUpInterval.isNegative() || warmUpInterval.isZero()) {
                throw new IllegalArgumentException("warmUpInterval must be positive, got " + warmUpInterval);
            }
            if (!(maxCompileShare > 0)) {
                throw new IllegalArgumentException("maxCompileShare must be positive, got " + maxCompileShare);
            }
            if (loaderInFlight < 1) {
                throw new IllegalArgumentException("loaderInFlight must be >= 1, got " + loaderInFlight);
            }
            if (!(maxForeignCores >= 0)) {
                throw new IllegalArgumentException("maxForeignCores must be >= 0, got " + maxForeignCores);
            }
        }

        /**
         * Warm-up of 20 s to 240 s in 5 s intervals, until three in a row lie within 5% of their mean and
         * the node's JIT compiled for at most 5% of the last one. Throughput alone stopped warm-ups on a
         * plateau of the JIT ramp here (~4,000 ops/s for 15-30 s, then a jump to ~9,000).
         */
        public static Setup defaults() {
            return new Setup("ctuner_experiment", Duration.ofSeconds(20), Duration.ofSeconds(240), Duration.ofSeconds(5),
                    new SteadyState(3, 0.05), 0.05, 64, Duration.ofMinutes(5), 0.10, Duration.ofMinutes(15));
        }

        /** The warm-up rule in words, from this setup's values (for reports). */
        public String warmUpRule() {
            return String.format(Locale.ROOT, "warm-up until %d intervals of %d s lie within %.0f%% of their mean and the "
                    + "node's JIT compiled for at most %.0f%% of the last interval (%d-%d s)", steady.intervals(),
                    warmUpInterval.toSeconds(), 100 * steady.tolerance(), 100 * maxCompileShare, warmUp.toSeconds(),
                    warmUpMax.toSeconds());
        }

        /** A warm-up of exactly this long, steady or not. */
        public Setup withWarmUp(Duration warmUp) {
            return withWarmUp(warmUp, warmUp);
        }

        public Setup withWarmUp(Duration min, Duration max) {
            return new Setup(keyspace, min, max, warmUpInterval, steady, maxCompileShare, loaderInFlight, compactionTimeout, maxForeignCores,
                    measureTimeout);
        }

        public Setup withMaxForeignCores(double cores) {
            return new Setup(keyspace, warmUp, warmUpMax, warmUpInterval, steady, maxCompileShare, loaderInFlight, compactionTimeout, cores,
                    measureTimeout);
        }
    }

    /**
     * How the warm-up went: its length, whether its last intervals were steady, and each interval's
     * throughput in ops/s.
     */
    public record WarmUp(Duration took, boolean settled, List<Double> rates, List<Double> compileShares) {
        public WarmUp {
            rates = List.copyOf(rates);
            compileShares = List.copyOf(compileShares);
        }

        public static final WarmUp NONE = new WarmUp(Duration.ZERO, false, List.of(), List.of());
    }

    /** The result as reported on the results topic, the CPU use of the measured window, and the warm-up. */
    public record Outcome(ExperimentResult result, CpuMeter.Usage cpu, WarmUp warmUp) {
    }

    private final ExperimentNode node;
    private final Setup setup;
    private final String driverVersion;
    private final java.util.Optional<String> machine = java.util.Optional.of(MachineId.current()).filter(m -> !m.isEmpty());

    public ExperimentRunner(ExperimentNode node, Setup setup, String driverVersion) {
        this.node = node;
        this.setup = setup;
        this.driverVersion = driverVersion;
    }

    /** How this runner makes its runs. */
    public Setup setup() {
        return setup;
    }

    /**
     * Runs one experiment. {@code configuration} holds knob name to value in cassandra.yaml spelling;
     * table-scope knobs ({@link TableOptions#KNOBS}) go into the table's options, the rest into the yaml.
     */
    public Outcome run(String experimentId, Map<String, String> configuration, WorkloadSpec workload) {
        Map<String, String> yaml = new TreeMap<>();
        Map<String, String> table = new TreeMap<>();
        configuration.forEach((k, v) -> (TableOptions.KNOBS.contains(k) ? table : yaml).put(k, v));
        TableOptions options = TableOptions.of(table);
        List<String> notes = new ArrayList<>();
        Instant notRun = Instant.now();
        try {
            node.resetAndStart(yaml);
        } catch (ExperimentNode.StartFailure e) {
            notes.add(RunVerdict.NODE_DID_NOT_START + ": " + e.getMessage());
            return new Outcome(result(experimentId, configuration, workload, "unknown", notRun, notRun, null, notes),
                    new CpuMeter.Usage(0, 0, 0, 0), WarmUp.NONE);
        } catch (Exception e) {
            notes.add("reset failed: " + e);
            return new Outcome(result(experimentId, configuration, workload, "unknown", notRun, notRun, null, notes),
                    new CpuMeter.Usage(0, 0, 0, 0), WarmUp.NONE);
        }
        try (CqlSession session = node.openSession()) {
            String version = session.execute("SELECT release_version FROM system.local").one().getString(0);
            Schema schema = new Schema(setup.keyspace());
            schema.create(session, Replication.simple(1), options);
            Loader.LoadResult loaded = new Loader(session, schema).load(workload.recordCount(), setup.loaderInFlight(),
                    workload.seed(), DefaultConsistencyLevel.ONE);
            if (loaded.failed() > 0) {
                notes.add("load failed for " + loaded.failed() + " records: " + loaded.errorsByType());
            }
            node.flush(setup.keyspace());
            if (!node.awaitCompactions(setup.compactionTimeout())) {
                notes.add("compactions still pending " + setup.compactionTimeout().toSeconds() + " s after the load");
            }
            WarmUp warmUp = warmUp(session, workload);
            log.info("{} warm-up {} s ({}): {} ops/s per {} s, JIT busy {}", experimentId, warmUp.took().toSeconds(),
                    warmUp.settled() ? "steady" : "not steady", warmUp.rates().stream().map(Math::round).toList(),
                    setup.warmUpInterval().toSeconds(),
                    warmUp.compileShares().stream().map(c -> String.format(Locale.ROOT, "%.2f", c)).toList());
            node.beforeMeasuredWindow();
            CpuMeter.Reading before = CpuMeter.read(node.pid(), ProcessHandle.current().pid());
            RunResult measured = new WorkloadDriver().run(session, spec(workload, workload.seed() + 2),
                    Schedule.of(phase("measured", workload,
                            StopCondition.firstOf(workload.operationCount(), setup.measureTimeout()))));
            CpuMeter.Usage cpu = CpuMeter.read(node.pid(), ProcessHandle.current().pid()).since(before);
            judge(measured, cpu, workload, notes);
            return new Outcome(result(experimentId, configuration, workload, version, measured.start(), measured.end(),
                    measured, notes), cpu, warmUp);
        } catch (Exception e) {
            notes.add("run failed: " + e);
            Instant now = Instant.now();
            return new Outcome(result(experimentId, configuration, workload, "unknown", now, now, null, notes),
                    new CpuMeter.Usage(0, 0, 0, 0), WarmUp.NONE);
        }
    }

    /**
     * Runs the workload unmeasured in intervals until at least {@code warmUp} has passed and the last
     * intervals are steady, or {@code warmUpMax} has passed. Each interval draws keys with its own seed.
     */
    private WarmUp warmUp(CqlSession session, WorkloadSpec workload) {
        if (setup.warmUpMax().isZero()) {
            return WarmUp.NONE;
        }
        List<Double> rates = new ArrayList<>();
        List<Double> compiling = new ArrayList<>();
        Instant start = Instant.now();
        long seed = workload.seed() + 1_000;
        OptionalLong compiled = node.compilationMillis();
        while (true) {
            Duration left = setup.warmUpMax().minus(Duration.between(start, Instant.now()));
            Duration interval = left.compareTo(setup.warmUpInterval()) < 0 ? left : setup.warmUpInterval();
            if (interval.toMillis() < 500) {
                return new WarmUp(Duration.between(start, Instant.now()), false, rates, compiling);
            }
            RunResult r = new WorkloadDriver().run(session, spec(workload, seed++),
                    Schedule.of(phase("warm-up", workload, StopCondition.duration(interval))));
            rates.add(r.throughput());
            OptionalLong now = node.compilationMillis();
            double share = compiled.isPresent() && now.isPresent()
                    ? (now.getAsLong() - compiled.getAsLong()) / (double) Math.max(1, r.elapsed().toMillis()) : Double.NaN;
            compiling.add(share);
            compiled = now;
            Duration took = Duration.between(start, Instant.now());
            // NaN (the node cannot tell) never holds the warm-up back: throughput alone decides then.
            boolean jitQuiet = !(share > setup.maxCompileShare());
            if (took.compareTo(setup.warmUp()) >= 0 && jitQuiet && setup.steady().settled(rates)) {
                return new WarmUp(took, true, rates, compiling);
            }
        }
    }

    private void judge(RunResult measured, CpuMeter.Usage cpu, WorkloadSpec workload, List<String> notes) {
        Map<String, Long> byType = new TreeMap<>();
        measured.perOperation().values().forEach(s -> s.errorsByType().forEach((k, v) -> byType.merge(k, v, Long::sum)));
        notes.addAll(RunVerdict.measuredWindow(measured.errors(), byType, measured.operations(), workload.operationCount(),
                setup.measureTimeout(), node.isRunning(), cpu.foreignCores(), setup.maxForeignCores()));
    }

    private ExperimentResult result(String id, Map<String, String> configuration, WorkloadSpec workload, String version,
            Instant start, Instant end, RunResult measured, List<String> notes) {
        Map<String, dev.ctuner.common.protocol.message.OperationStats> stats = new LinkedHashMap<>();
        long operations = 0;
        double throughput = 0;
        if (measured != null) {
            measured.perOperation().forEach((type, s) -> stats.put(type.name(),
                    new dev.ctuner.common.protocol.message.OperationStats(s.count(),
                            s.count() == 0 ? null : (double) s.p50Micros(),
                            s.count() == 0 ? null : (double) s.p99Micros(), s.errors())));
            operations = measured.successes();
            throughput = measured.throughput();
        }
        return new ExperimentResult(id, configuration, workload, new PhysicalDesign(1, 1),
                new Versions(version, driverVersion), node.hardware(), start, end, operations, throughput, stats,
                RunVerdict.quality(measured != null, notes), notes, machine);
    }

    private dev.ctuner.sidecar.bench.WorkloadSpec spec(WorkloadSpec workload, long seed) {
        return dev.ctuner.sidecar.bench.WorkloadSpec.builder().keyspace(setup.keyspace())
                .recordCount(workload.recordCount()).seed(seed).consistency(DefaultConsistencyLevel.ONE).build();
    }

    private Phase phase(String name, WorkloadSpec workload, StopCondition stop) {
        return Phase.builder(name).stop(stop).mix(mix(workload)).keys(keys(workload))
                .load(new LoadControl.ClosedLoop(workload.threads())).build();
    }

    /** The protocol's operation mix as the driver's (operations with proportion 0 left out). */
    static OperationMix mix(WorkloadSpec w) {
        OperationMix.Builder b = OperationMix.builder();
        double[] p = {w.readProportion(), w.updateProportion(), w.insertProportion(), w.scanProportion(),
            w.readModifyWriteProportion()};
        OperationType[] t = {OperationType.READ, OperationType.UPDATE, OperationType.INSERT, OperationType.SCAN,
            OperationType.READ_MODIFY_WRITE};
        for (int i = 0; i < p.length; i++) {
            if (p[i] > 0) {
                b.with(t[i], p[i]);
            }
        }
        return b.build();
    }

    static KeyDistribution keys(WorkloadSpec w) {
        switch (w.requestDistribution()) {
            case UNIFORM:
                return KeyDistribution.uniform();
            case LATEST:
                return KeyDistribution.latest();
            case HOTSPOT:
                return KeyDistribution.hotspot(0.2, 0.8);
            case ZIPFIAN:
            default:
                return KeyDistribution.zipfian();
        }
    }
}
