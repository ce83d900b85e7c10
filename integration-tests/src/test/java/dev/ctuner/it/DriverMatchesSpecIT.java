package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.Jmx;
import dev.ctuner.sidecar.bench.GoodnessOfFit;
import dev.ctuner.sidecar.bench.KeyDistribution;
import dev.ctuner.sidecar.bench.KeyRecording;
import dev.ctuner.sidecar.bench.LoadControl;
import dev.ctuner.sidecar.bench.Loader;
import dev.ctuner.sidecar.bench.OperationMix;
import dev.ctuner.sidecar.bench.OperationType;
import dev.ctuner.sidecar.bench.Phase;
import dev.ctuner.sidecar.bench.Replication;
import dev.ctuner.sidecar.bench.RunResult;
import dev.ctuner.sidecar.bench.Schedule;
import dev.ctuner.sidecar.bench.Schema;
import dev.ctuner.sidecar.bench.WorkloadDriver;
import dev.ctuner.sidecar.bench.WorkloadSpec;
import dev.ctuner.sidecar.bench.ZipfSampler;
import java.util.List;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The workload driver against real nodes: the operation mix it issues and the keys it picks match
 * their specification by a chi-square goodness-of-fit test, and the nodes saw exactly the reads and
 * writes the driver counted (RF=1 and CL ONE, so every operation touches one replica once).
 */
class DriverMatchesSpecIT {

    private static final String KEYSPACE = "drv_gof";
    private static final long RECORDS = 1_000;

    @Test
    void issuedMixAndKeysMatchTheSpecificationAndTheNodesCountTheSame() throws Exception {
        CassandraCluster ring = Servers.ring();
        try (CqlSession session = ring.session()) {
            Schema schema = new Schema(KEYSPACE);
            schema.drop(session);
            schema.create(session, Replication.simple(1));
            new Loader(session, schema).load(RECORDS, 64, 5, DefaultConsistencyLevel.ONE);

            OperationMix mix = OperationMix.builder().read(0.40).update(0.25).insert(0.10).scan(0.10)
                    .readModifyWrite(0.15).build();
            long[] before = nodeCounts(ring);
            RunResult mixed = new WorkloadDriver().run(session, spec(11, KeyRecording.off()), Schedule.of(
                    Phase.builder("mix").operations(10_000).mix(mix).keys(KeyDistribution.uniform())
                            .load(new LoadControl.ClosedLoop(16)).build()));
            long[] after = nodeCounts(ring);
            assertThat(mixed.errors()).isZero();

            OperationType[] types = {OperationType.READ, OperationType.UPDATE, OperationType.INSERT, OperationType.SCAN,
                OperationType.READ_MODIFY_WRITE};
            long[] issued = new long[types.length];
            double[] expected = new double[types.length];
            for (int i = 0; i < types.length; i++) {
                issued[i] = mixed.perOperation().get(types[i]).count();
                expected[i] = mix.proportion(types[i]);
            }
            assertThat(GoodnessOfFit.chiSquare(issued, expected).pValue()).as("issued mix %s", java.util.Arrays.toString(issued))
                    .isGreaterThan(0.001);
            // Power: a mix 3 points off in read/update is rejected by the same counts.
            double[] shifted = {0.43, 0.22, 0.10, 0.10, 0.15};
            assertThat(GoodnessOfFit.chiSquare(issued, shifted).pValue()).isLessThan(0.001);

            long reads = issued[0] + issued[4];
            long writes = issued[1] + issued[2] + issued[4];
            assertThat(after[0] - before[0]).as("local reads the nodes served").isEqualTo(reads);
            assertThat(after[1] - before[1]).as("local writes the nodes applied").isEqualTo(writes);
            assertThat(after[2] - before[2]).as("range reads (each scan touches at least one node)").isGreaterThanOrEqualTo(issued[3]);

            RunResult zipf = new WorkloadDriver().run(session, spec(12, KeyRecording.all(100_000)), Schedule.of(
                    Phase.builder("zipf").operations(30_000).mix(OperationMix.builder().read(0.5).update(0.5).build())
                            .keys(KeyDistribution.zipfian()).load(new LoadControl.ClosedLoop(16)).build()));
            assertThat(zipf.errors()).isZero();
            int top = 30;
            long[] counts = new long[top + 1];
            for (long record : zipf.keySequence().recordNumbers()) {
                counts[record < top ? (int) record : top]++;
            }
            double[] zipfTop = GoodnessOfFit.withRemainder(ZipfSampler.topRankProbabilities(RECORDS, 0.99, top));
            assertThat(GoodnessOfFit.chiSquare(counts, zipfTop).pValue()).as("zipfian key ranks").isGreaterThan(0.001);
            double[] uniformTop = GoodnessOfFit.withRemainder(ZipfSampler.topRankProbabilities(RECORDS, 0.0, top));
            assertThat(GoodnessOfFit.chiSquare(counts, uniformTop).pValue()).as("power against uniform").isLessThan(1e-6);
        } finally {
            try (CqlSession session = ring.session()) {
                new Schema(KEYSPACE).drop(session);
            }
        }
    }

    private static WorkloadSpec spec(long seed, KeyRecording recording) {
        return WorkloadSpec.builder().keyspace(KEYSPACE).recordCount(RECORDS).seed(seed)
                .consistency(DefaultConsistencyLevel.ONE).keyRecording(recording).build();
    }

    /** Local reads, writes and range reads of the test table, summed over the ring's nodes. */
    private static long[] nodeCounts(CassandraCluster ring) throws Exception {
        long[] sum = new long[3];
        String[] metrics = {"ReadLatency", "WriteLatency", "RangeLatency"};
        for (CassandraNode node : ring.nodes()) {
            try (Jmx jmx = node.jmx()) {
                for (int i = 0; i < metrics.length; i++) {
                    ObjectName name = new ObjectName("org.apache.cassandra.metrics:type=Table,keyspace=" + KEYSPACE
                            + ",scope=usertable,name=" + metrics[i]);
                    sum[i] += ((Number) jmx.attribute(name, "Count")).longValue();
                }
            }
        }
        return sum;
    }
}
