package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.WorkloadSample;
import dev.ctuner.common.workload.ExactKeyReuse;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.sidecar.bench.KeyDistribution;
import dev.ctuner.sidecar.bench.KeyRecording;
import dev.ctuner.sidecar.bench.LoadControl;
import dev.ctuner.sidecar.bench.Loader;
import dev.ctuner.sidecar.bench.OperationMix;
import dev.ctuner.sidecar.bench.Phase;
import dev.ctuner.sidecar.bench.Replication;
import dev.ctuner.sidecar.bench.RunResult;
import dev.ctuner.sidecar.bench.Schedule;
import dev.ctuner.sidecar.bench.Schema;
import dev.ctuner.sidecar.bench.WorkloadDriver;
import dev.ctuner.sidecar.bench.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The published mean key reuse distance (partition sampler + IRM estimate) against the exact
 * value computed from the client's recorded key sequence, for three access patterns. Reads and
 * writes go at ALL so that node 1 serves every operation locally (RF=3 on three nodes), which makes
 * the client's sequence the node's own sequence.
 */
class KeyReuseAccuracyIT {

    record Pattern(String name, long keys, KeyDistribution distribution) {
    }

    record Outcome(String pattern, int windows, double estimated, double exact) {
        double error() {
            return estimated / exact - 1;
        }
    }

    @Test
    void meanKeyReuseDistanceIsWithinAQuarterOfTheTruthAndRanksThePatterns() throws Exception {
        CassandraCluster ring = Servers.ring();
        KafkaBroker broker = Servers.broker();
        Topics topics = new Topics("krd" + System.nanoTime());
        List<Pattern> patterns = List.of(new Pattern("uniform over 1,000 keys", 1_000, KeyDistribution.uniform()),
                new Pattern("uniform over 100,000 keys", 100_000, KeyDistribution.uniform()),
                new Pattern("zipfian (0.99) over 100,000 keys", 100_000, KeyDistribution.zipfian()));
        List<Outcome> outcomes = new ArrayList<>();
        try (TopicRecorder recorder = new TopicRecorder(broker, List.of(topics.workload()));
             SidecarApp sidecar = SidecarApp.start(ring.node(1), broker, topics.prefix(), SidecarObservesIT.FAST_WINDOWS);
             CqlSession session = ring.sessionTo(ring.node(1))) {
            Schema schema = new Schema("obs_krd");
            schema.create(session, Replication.simple(3));
            new Loader(session, schema).load(100_000, 128, 3, DefaultConsistencyLevel.ONE);
            for (Pattern pattern : patterns) {
                RunResult run = new WorkloadDriver().run(session,
                        WorkloadSpec.builder().keyspace("obs_krd").recordCount(pattern.keys()).seed(11)
                                .consistency(DefaultConsistencyLevel.ALL).keyRecording(KeyRecording.all(2_000_000)).build(),
                        Schedule.of(Phase.builder(pattern.name()).duration(Duration.ofSeconds(26))
                                .mix(OperationMix.builder().read(0.5).update(0.5).build()).keys(pattern.distribution())
                                .load(new LoadControl.ClosedLoop(16)).build()));
                assertThat(recorder.await(WorkloadSample.class, s -> s.windowStart().isAfter(run.end()), Duration.ofSeconds(30))).isTrue();
                List<WorkloadSample> inside = recorder.payloads(WorkloadSample.class).stream()
                        .filter(s -> s.windowStart().isAfter(run.start()) && !s.windowEnd().isAfter(run.end())).toList();
                assertThat(inside).as("windows inside the %s run", pattern.name()).isNotEmpty();
                long[] sequence = run.keySequence().recordNumbers();
                double estimated = 0;
                double exact = 0;
                for (WorkloadSample sample : inside) {
                    assertThat(sample.keyReuse().meanKrd()).as("estimate published for %s", pattern.name()).isNotNull();
                    OperationCounts c = sample.operations();
                    int window = (int) (c.reads() + c.writes() + c.lwts() + c.batches());
                    estimated += sample.keyReuse().meanKrd();
                    exact += exactMean(sequence, window);
                }
                outcomes.add(new Outcome(pattern.name(), inside.size(), estimated / inside.size(), exact / inside.size()));
            }
        }
        String report = report(outcomes);
        System.out.println(report);
        Files.writeString(Path.of("target/key-reuse-accuracy.md"), report);
        for (Outcome o : outcomes) {
            assertThat(Math.abs(o.error())).as("relative error for %s", o.pattern()).isLessThanOrEqualTo(0.25);
        }
        // Within +-25% each, two estimates are guaranteed to keep their order only when the exact
        // values lie more than 1.25/0.75 apart. The exact means depend on the window's operation
        // count, i.e. on this machine's speed: in one CI run Zipf over 100k keys and uniform over
        // 1k keys came out close, and both estimates (each within 25%) swapped places.
        List<String> misordered = new ArrayList<>();
        for (Outcome a : outcomes) {
            for (Outcome b : outcomes) {
                if (a.exact() * SEPARATED < b.exact() && !(a.estimated() < b.estimated())) {
                    misordered.add(a.pattern() + " below " + b.pattern());
                }
            }
        }
        assertThat(misordered).as("patterns whose exact mean KRD differ by more than %.2fx keep their order", SEPARATED).isEmpty();
        assertThat(outcomes.stream().filter(a -> outcomes.stream().anyMatch(b -> a.exact() * SEPARATED < b.exact())).count())
                .as("at least one pair is separated enough to check the ranking").isPositive();
    }

    private static final double SEPARATED = 1.25 / 0.75;

    /** Mean exact KRD over windows of {@code length} consecutive operations cut from the recorded sequence. */
    static double exactMean(long[] sequence, int length) {
        if (length >= sequence.length) {
            return ExactKeyReuse.of(sequence).mean();
        }
        double sum = 0;
        int slices = 0;
        for (int from = 0; from + length <= sequence.length && slices < 5; from += Math.max(length, sequence.length / 5)) {
            Double mean = ExactKeyReuse.of(Arrays.copyOfRange(sequence, from, from + length)).mean();
            if (mean != null) {
                sum += mean;
                slices++;
            }
        }
        return sum / slices;
    }

    private static String report(List<Outcome> outcomes) {
        StringBuilder md = new StringBuilder("| access pattern | windows | published mean KRD | exact mean KRD | error |\n|---|---|---|---|---|\n");
        for (Outcome o : outcomes) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %+.1f%% |%n", o.pattern(), o.windows(), o.estimated(),
                    o.exact(), 100 * o.error()));
        }
        return md.toString();
    }
}
