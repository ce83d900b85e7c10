package dev.ctuner.advisor.core.search;

import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import java.util.Map;
import java.util.Set;

/**
 * What the search optimises, over the surrogates' mean predictions. Value: higher is better;
 * shortfall: how far a constraint of the objective is missed (0 when met).
 *
 * <pre>{@code
 * Objective o = new Objective.MinLatencyAtThroughput(Target.P99_READ, 40_000);  // min p99 s.t. ≥ 40k ops/s
 * o.value(predictions);   // -p99
 * }</pre>
 */
public sealed interface Objective {

    /** The targets the objective reads (the model set must have them). */
    Set<Target> targets();

    double value(Map<Target, Prediction> predictions);

    /** How far a constraint of the objective is missed, relative (0 when met or none). */
    default double shortfall(Map<Target, Prediction> predictions) {
        return 0;
    }

    /** Maximise throughput (RAFIKI's objective). */
    record MaxThroughput() implements Objective {
        @Override
        public Set<Target> targets() {
            return Set.of(Target.THROUGHPUT);
        }

        @Override
        public double value(Map<Target, Prediction> p) {
            return p.get(Target.THROUGHPUT).mean();
        }
    }

    /** Minimise a p99 latency ({@link Target#P99_READ} or {@link Target#P99_WRITE}). */
    record MinLatency(Target latency) implements Objective {
        public MinLatency {
            requireLatency(latency);
        }

        @Override
        public Set<Target> targets() {
            return Set.of(latency);
        }

        @Override
        public double value(Map<Target, Prediction> p) {
            return -p.get(latency).mean();
        }
    }

    /**
     * A weighted combination on log scale: value = wT·ln(throughput) − wL·ln(p99), so that the
     * weights trade relative changes (1% throughput against 1% latency at equal weights) and no
     * reference values are needed (ML-SURR §2.6 names weighted combinations as future work).
     */
    record Weighted(double throughputWeight, Target latency, double latencyWeight) implements Objective {
        public Weighted {
            requireLatency(latency);
            if (throughputWeight < 0 || latencyWeight < 0 || throughputWeight + latencyWeight == 0) {
                throw new IllegalArgumentException("weights must be non-negative and not both 0");
            }
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.THROUGHPUT, latency);
        }

        @Override
        public double value(Map<Target, Prediction> p) {
            return throughputWeight * Math.log(Math.max(1e-9, p.get(Target.THROUGHPUT).mean()))
                    - latencyWeight * Math.log(Math.max(1e-9, p.get(latency).mean()));
        }
    }

    /** Minimise a p99 latency subject to throughput ≥ {@code minThroughput} (shortfall relative to it). */
    record MinLatencyAtThroughput(Target latency, double minThroughput) implements Objective {
        public MinLatencyAtThroughput {
            requireLatency(latency);
            if (!(minThroughput > 0)) {
                throw new IllegalArgumentException("minThroughput must be positive, was " + minThroughput);
            }
        }

        @Override
        public Set<Target> targets() {
            return Set.of(Target.THROUGHPUT, latency);
        }

        @Override
        public double value(Map<Target, Prediction> p) {
            return -p.get(latency).mean();
        }

        @Override
        public double shortfall(Map<Target, Prediction> p) {
            return Math.max(0, (minThroughput - p.get(Target.THROUGHPUT).mean()) / minThroughput);
        }
    }

    private static void requireLatency(Target t) {
        if (t != Target.P99_READ && t != Target.P99_WRITE) {
            throw new IllegalArgumentException("a latency objective needs P99_READ or P99_WRITE, got " + t);
        }
    }
}
