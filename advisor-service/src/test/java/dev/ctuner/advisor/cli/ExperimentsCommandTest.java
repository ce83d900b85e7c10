package dev.ctuner.advisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.advisor.store.StoreDatabase;
import dev.ctuner.common.catalog.KnobCatalog;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;

/** {@code experiments import}: every row of a file stored once, nothing of a bad file, and the rows train. */
class ExperimentsCommandTest {

    private static final String HEADER = "experiment_id,campaign,design_point,repetition,started_at,finished_at,wall_seconds,"
            + "quality,quality_notes,cassandra_version,driver_version,cores,memory_mib,heap_mib,nodes,rf,read_proportion,"
            + "update_proportion,insert_proportion,scan_proportion,rmw_proportion,distribution,record_count,operation_count,"
            + "threads,seed,placement,throughput,read_p50_us,read_p99_us,write_p50_us,write_p99_us,errors,machine,"
            + "knob.concurrent_writes\n";

    @TempDir
    Path dir;
    private ExperimentSampleStore store;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void open() {
        store = new ExperimentSampleStore(JdbcClient.create(StoreDatabase.H2.migrated(dir)));
    }

    private static String row(String id, String quality, int writes, double throughput) {
        return id + ",lab,c0" + writes + "@rr0.5,0,2026-11-25T07:25:47Z,2026-11-25T07:26:05Z,18,"
                + quality + "," + (quality.equals("OK") ? "" : "noisy") + ",5.0.9,ctuner-driver-0.1.0,2,24105,1024,1,1,0.5,0.5,0,0,0,"
                + "zipfian,50000,500000,32,1,shared," + throughput + ",900,2500,800,2000,0,boot-1," + writes + "\n";
    }

    private int run(String... args) {
        return ExperimentsCommand.execute(args, () -> store, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void importsEveryRowOnceAndKeepsFilesThatReuseIdsApart() throws Exception {
        Path a = Files.writeString(dir.resolve("a.csv"), HEADER + row("lab/x/r0/a1", "OK", 8, 20_000)
                + row("lab/y/r0/a1", "NOISY", 16, 18_000) + row("lab/z/r0/a1", "OK", 32, 22_000));
        Path b = Files.writeString(dir.resolve("b.csv"), HEADER + row("lab/x/r0/a1", "OK", 8, 21_000));
        assertThat(run("import", a.toString(), b.toString())).as(err.toString()).isZero();
        assertThat(store.count()).isEqualTo(4);
        assertThat(run("import", a.toString())).isZero();
        assertThat(store.count()).as("importing again adds nothing").isEqualTo(4);
        assertThat(out.toString()).contains("a.csv: 3 rows, 0 stored, 3 stored before");
        assertThat(store.find("b.csv#lab/x/r0/a1")).hasValueSatisfying(s -> {
            assertThat(s.source()).isEqualTo(ExperimentSampleStore.Source.IMPORT);
            assertThat(s.machine()).isEqualTo("boot-1");
            assertThat(s.throughput()).isEqualTo(21_000);
        });
        var read = new ExperimentCsvReader(KnobCatalog.cassandra50()).readRows(store.rows());
        assertThat(read.samples()).hasSize(3);
        assertThat(read.rejected()).singleElement().satisfies(r -> assertThat(r.reason()).contains("NOISY"));
    }

    @Test
    void aFileThatIsNotAnExperimentCsvStoresNothingOfAnyFile() throws Exception {
        Path good = Files.writeString(dir.resolve("good.csv"), HEADER + row("lab/x/r0/a1", "OK", 8, 20_000));
        Path bad = Files.writeString(dir.resolve("bad.csv"), "name,value\nx,1\n");
        assertThat(run("import", good.toString(), bad.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("bad.csv is not an experiment CSV").contains("nothing was imported");
        assertThat(run("import", dir.resolve("missing.csv").toString())).isEqualTo(1);
        assertThat(store.count()).isZero();
        assertThat(run()).isEqualTo(2);
    }
}
