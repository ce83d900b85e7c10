package dev.ctuner.advisor.core.simulation;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic workload traces (seeded) for the simulator:
 * <ul>
 * <li>{@link #hpcJobQueue}: EUNOMIA §6.1's HPC data-analytics queue. New jobs upload (write-heavy),
 * analyse (read-heavy) and commit (write-heavy); recurring jobs skip the upload; half of each. Phase
 * sizes U(200, 100K) operations; {@code jobs} run concurrently, each at {@code perJobRate} ops/s, and
 * a finished job is replaced at once. Simplification: the queue drains at a nominal rate, not at the
 * rate the configuration would give (the trace does not depend on the policy).</li>
 * <li>{@link #abruptSwitching}: read ratio jumping between 0.95 and 0.05 (MG-RAST-like).</li>
 * <li>{@link #dailyMix}: a bus-tracking-like daily cycle: update-heavy early morning, scan-heavy at
 * night, ~3% inserts, a trace of reads, ±3 points of noise.</li>
 * </ul>
 *
 * <pre>{@code
 * WorkloadSeries hpc = TraceGenerators.hpcJobQueue(5, 180, 20, 500, 42);   // 1 h at T_d = 20 s
 * }</pre>
 */
public final class TraceGenerators {

    // read, update, insert, scan, rmw
    static final double[] UPLOAD = {0.1, 0, 0.9, 0, 0};
    static final double[] ANALYSIS = {0.9, 0.1, 0, 0, 0};
    static final double[] COMMIT = {0.1, 0.9, 0, 0, 0};

    private TraceGenerators() {
    }

    public static WorkloadSeries hpcJobQueue(int jobs, int steps, long stepSeconds, double perJobRate, long seed) {
        if (jobs < 1) {
            throw new IllegalArgumentException("need at least one concurrent job, got " + jobs);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<List<double[]>> phases = new ArrayList<>();   // per running job: remaining phases
        List<double[]> remaining = new ArrayList<>();        // per running job: operations left in its phase
        for (int j = 0; j < jobs; j++) {
            phases.add(newJob(random));
            remaining.add(new double[] {phaseSize(random)});
        }
        List<WorkloadVector> out = new ArrayList<>(steps);
        for (int t = 0; t < steps; t++) {
            double[] mix = new double[5];
            for (int j = 0; j < jobs; j++) {
                double budget = perJobRate * stepSeconds;
                while (budget > 0) {
                    double done = Math.min(budget, remaining.get(j)[0]);
                    double[] phaseMix = phases.get(j).get(0);
                    for (int i = 0; i < mix.length; i++) {
                        mix[i] += done * phaseMix[i];
                    }
                    budget -= done;
                    remaining.get(j)[0] -= done;
                    if (remaining.get(j)[0] <= 0) {
                        phases.get(j).remove(0);
                        if (phases.get(j).isEmpty()) {
                            phases.set(j, newJob(random));
                        }
                        remaining.get(j)[0] = phaseSize(random);
                    }
                }
            }
            out.add(new WorkloadVector(mix, jobs * perJobRate));
        }
        return new WorkloadSeries(0, stepSeconds, out);
    }

    private static List<double[]> newJob(SplittableRandom random) {
        List<double[]> p = new ArrayList<>();
        if (random.nextBoolean()) {
            p.add(UPLOAD);
        }
        p.add(ANALYSIS);
        p.add(COMMIT);
        return p;
    }

    private static double phaseSize(SplittableRandom random) {
        return 200 + random.nextDouble() * (100_000 - 200);
    }

    /** Read ratio alternating 0.95 / 0.05, each run lasting U[minRun, maxRun] steps. */
    public static WorkloadSeries abruptSwitching(int steps, long stepSeconds, int minRun, int maxRun, double rate, long seed) {
        if (minRun < 1 || maxRun < minRun) {
            throw new IllegalArgumentException("need 1 ≤ minRun ≤ maxRun");
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<WorkloadVector> out = new ArrayList<>(steps);
        boolean reads = random.nextBoolean();
        while (out.size() < steps) {
            int run = minRun + random.nextInt(maxRun - minRun + 1);
            for (int i = 0; i < run && out.size() < steps; i++) {
                out.add(WorkloadVector.ofReadRatio(reads ? 0.95 : 0.05, rate));
            }
            reads = !reads;
        }
        return new WorkloadSeries(0, stepSeconds, out);
    }

    /** A daily multi-operation cycle; {@code stepSeconds} should divide a day. */
    public static WorkloadSeries dailyMix(int steps, long stepSeconds, double meanRate, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<WorkloadVector> out = new ArrayList<>(steps);
        for (int t = 0; t < steps; t++) {
            double hour = (t * stepSeconds % 86_400) / 3600.0;
            double update = 0.42 + 0.32 * Math.cos(2 * Math.PI * (hour - 6) / 24) + noise(random);
            double insert = 0.03 + noise(random) / 3;
            double read = 0.002;
            double scan = 1 - update - insert - read;
            double rate = meanRate * (1 + 0.5 * Math.sin(2 * Math.PI * (hour - 9) / 24));
            out.add(WorkloadVector.clipped(new double[] {read, update, insert, scan, 0}, rate));
        }
        return new WorkloadSeries(0, stepSeconds, out);
    }

    private static double noise(SplittableRandom random) {
        return 0.03 * (2 * random.nextDouble() - 1);
    }
}
