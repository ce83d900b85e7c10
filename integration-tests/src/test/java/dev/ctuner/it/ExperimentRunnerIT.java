package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import dev.ctuner.harness.ExperimentCassandra;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One cold experiment on a real node: the configuration reaches the node (a yaml knob and a table
 * option), the result carries numbers, provenance and quality; a configuration the node refuses is
 * FAULTED with the node's own reason; the next run starts from pristine data again. Uses its own node
 * on 127.0.0.8 (JMX 7899), apart from the test ring and from a campaign's node on 127.0.0.9.
 */
class ExperimentRunnerIT {

    @Test
    void coldRunAppliesTheConfigurationAndReportsQualityAndARefusedConfigurationIsFaulted() throws Exception {
        WorkloadSpec workload = new WorkloadSpec(0.5, 0.5, 0, 0, 0, RequestDistribution.ZIPFIAN, 2_000, 5_000, 8, 7);
        // A build running beside the test is not what this test is about: allow other CPU use here.
        ExperimentRunner.Setup setup = ExperimentRunner.Setup.defaults().withWarmUp(Duration.ofSeconds(2))
                .withMaxForeignCores(2.0);
        try (ExperimentCassandra node = ExperimentCassandra.prepare(Servers.RUNTIME, Servers.WORK.resolve("experiment-node"),
                "512m", null, 8)) {
            ExperimentRunner runner = new ExperimentRunner(node, setup, "it");

            ExperimentRunner.Outcome ok = runner.run("it-1", Map.of("concurrent_writes", "16",
                    "compaction.class", "LeveledCompactionStrategy"), workload);
            ExperimentResult r = ok.result();
            assertThat(r.quality()).as("notes %s", r.qualityNotes()).isEqualTo(ExperimentQuality.OK);
            assertThat(r.operations()).isEqualTo(5_000);
            assertThat(r.throughputOpsPerSecond()).isPositive();
            assertThat(r.operationStats()).containsKeys("READ", "UPDATE");
            assertThat(r.operationStats().get("READ").p99Micros()).isPositive();
            assertThat(r.versions().cassandra()).startsWith("5.0");
            assertThat(r.hardware().heapMiB()).isEqualTo(512);
            assertThat(ok.cpu().nodeCores()).isPositive();
            try (CqlSession session = node.openSession()) {
                Row setting = session.execute("SELECT value FROM system_views.settings WHERE name = 'concurrent_writes'").one();
                assertThat(setting.getString(0)).isEqualTo("16");
                Row table = session.execute("SELECT compaction FROM system_schema.tables WHERE keyspace_name = "
                        + "'ctuner_experiment' AND table_name = 'usertable'").one();
                assertThat(table.getMap(0, String.class, String.class).get("class")).endsWith("LeveledCompactionStrategy");
                long rows = session.execute("SELECT count(*) FROM ctuner_experiment.usertable").one().getLong(0);
                assertThat(rows).isEqualTo(2_000);
            }

            ExperimentRunner.Outcome refused = runner.run("it-2", Map.of("sstable.selected_format", "bti"), workload);
            assertThat(refused.result().quality()).isEqualTo(ExperimentQuality.FAULTED);
            assertThat(refused.result().qualityNotes()).singleElement().asString()
                    .startsWith("node did not start").contains("bti");

            ExperimentRunner.Outcome again = runner.run("it-3", Map.of(), workload);
            assertThat(again.result().quality()).as("notes %s", again.result().qualityNotes()).isEqualTo(ExperimentQuality.OK);
            try (CqlSession session = node.openSession()) {
                assertThat(session.execute("SELECT value FROM system_views.settings WHERE name = 'concurrent_writes'")
                        .one().getString(0)).as("back to the default: the previous yaml is not kept").isEqualTo("32");
                assertThat(session.execute("SELECT count(*) FROM ctuner_experiment.usertable").one().getLong(0))
                        .as("a fresh keyspace: the rows of earlier runs are gone").isEqualTo(2_000);
            }
        }
    }
}
