package dev.ctuner.advisor.core.racing;

import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A tuning problem whose answer is known: a configuration's true quality is a fixed function of
 * its point (best 1000), and a measurement is that quality times an instance factor (0.9 to 1.1,
 * from the instance seed: some instances are faster for everyone) plus 3% noise drawn from the
 * candidate and the instance, so the same (candidate, instance) always measures the same.
 */
final class Synthetic {

    static final NodeFacts FACTS = new NodeFacts(1024, 2, 1, 24_000);
    static final List<String> KNOBS = List.of("concurrent_writes", "memtable_cleanup_threshold", "compaction_throughput",
            "compaction.class", "trickle_fsync");
    static final ParameterSpace SPACE = ParameterSpace.of(KnobCatalog.cassandra50(), KNOBS, FACTS);
    static final double NOISE = 0.03;

    private Synthetic() {
    }

    /** True quality of a configuration: 1000 at u = (0.7, 0.3, 0.5, level 1, false). */
    static double quality(Map<String, String> configuration) {
        double[] p = SPACE.encode(configuration);
        double q = 1 - 0.3 * sq(p[0] - 0.7) - 0.3 * sq(p[1] - 0.3) - 0.2 * sq(p[2] - 0.5);
        q -= p[3] == 1 ? 0 : 0.05;
        q -= p[4] == 0 ? 0 : 0.05;
        return 1000 * q;
    }

    static double measure(double quality, Instance instance, int candidate) {
        double factor = 0.9 + 0.2 * new SplittableRandom(instance.seed()).nextDouble();
        double noise = new SplittableRandom(instance.seed() * 31 + candidate).nextGaussian();
        return quality * factor * (1 + NOISE * noise);
    }

    static double measure(Evaluation e) {
        return measure(quality(e.candidate().configuration()), e.instance(), e.candidate().id());
    }

    /** The best configuration of the space. */
    static Map<String, String> optimum() {
        return SPACE.decode(new double[] {0.7, 0.3, 0.5, 1, 0});
    }

    /** Drives a tuner to the end, reporting each request's measurement; returns the reports made, in order. */
    static List<double[]> drive(Tuner t) {
        List<double[]> reports = new java.util.ArrayList<>();
        while (!t.finished()) {
            List<Evaluation> wanted = t.nextRequests();
            if (wanted.isEmpty()) {
                throw new AssertionError("an unfinished tuner asked for nothing");
            }
            for (Evaluation e : wanted) {
                double v = measure(e);
                reports.add(new double[] {e.candidate().id(), e.instance().index(), v});
                t.report(e.candidate().id(), e.instance().index(), v);
            }
        }
        return reports;
    }

    private static double sq(double x) {
        return x * x;
    }
}
