package dev.ctuner.harness.campaign;

import dev.ctuner.sidecar.bench.MachineId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.OperationStats;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.Versions;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import dev.ctuner.sidecar.bench.CpuMeter;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentCsvTest {

    @TempDir
    Path dir;

    @Test
    void appendedRowsReadBackWithQuotedNotesAndKnobColumns() throws Exception {
        ExperimentCsv csv = new ExperimentCsv(dir.resolve("x.csv"), List.of("concurrent_writes"));
        Instant t = Instant.parse("2026-11-22T10:00:00Z");
        ExperimentResult r = new ExperimentResult("c/p/r0/a1", Map.of("concurrent_writes", "8"),
                new WorkloadSpec(0.5, 0.5, 0, 0, 0, RequestDistribution.ZIPFIAN, 100, 1000, 8, 3),
                new PhysicalDesign(1, 1), new Versions("5.0.9", "d"), new HardwareFacts(2, 24000, 1024), t, t.plusSeconds(10),
                1000, 100.5, Map.of("READ", new OperationStats(500, 900.0, 5000.0, 0), "UPDATE", new OperationStats(500, 800.0, 4000.0, 0)),
                ExperimentQuality.NOISY, List.of("other processes used 0.50 cores, \"a build\"", "second"));
        csv.append("c", "p", 0, "shared", 42.5, r, new CpuMeter.Usage(2, 1.2, 0.3, 0.5), ExperimentRunner.WarmUp.NONE, Map.of("concurrent_writes", "8"));
        csv.append("c", "p", 0, "shared", 40, r, new CpuMeter.Usage(2, 1.2, 0.3, 0.5), ExperimentRunner.WarmUp.NONE, Map.of("concurrent_writes", "8"));
        List<Map<String, String>> rows = csv.rows();
        assertThat(rows).hasSize(2);
        Map<String, String> row = rows.get(0);
        assertThat(row.get("quality_notes")).isEqualTo("other processes used 0.50 cores, \"a build\"; second");
        assertThat(row.get("throughput")).isEqualTo("100.5000");
        assertThat(row.get("read_p99_us")).isEqualTo("5000");
        assertThat(row.get("write_p50_us")).isEqualTo("800");
        assertThat(row.get("foreign_cpu")).isEqualTo("0.5000");
        assertThat(row.get("knob.concurrent_writes")).isEqualTo("8");
        assertThat(row.get("machine")).isNotEmpty().isEqualTo(rows.get(1).get("machine"));

        assertThatThrownBy(() -> new ExperimentCsv(dir.resolve("x.csv"), List.of("concurrent_reads")).rows())
                .hasMessageContaining("other columns");
    }

    @Test
    void theMachineColumnReachesTheSamplesProvenance() throws Exception {
        ExperimentCsv csv = new ExperimentCsv(dir.resolve("m.csv"), List.of());
        Instant t = Instant.parse("2026-11-22T10:00:00Z");
        ExperimentResult r = new ExperimentResult("c/anchor/r0/a1", Map.of(),
                new WorkloadSpec(0.5, 0.5, 0, 0, 0, RequestDistribution.ZIPFIAN, 100, 1000, 8, 3),
                new PhysicalDesign(1, 1), new Versions("5.0.9", "d"), new HardwareFacts(2, 24000, 1024), t, t.plusSeconds(10),
                1000, 100.5, Map.of("READ", new OperationStats(500, 900.0, 5000.0, 0), "UPDATE", new OperationStats(500, 800.0, 4000.0, 0)),
                ExperimentQuality.OK, List.of());
        csv.append("c", "anchor", 0, "shared", 40, r, new CpuMeter.Usage(2, 1.2, 0.3, 0.01), ExperimentRunner.WarmUp.NONE, Map.of());

        var samples = new dev.ctuner.advisor.data.ExperimentCsvReader(dev.ctuner.common.catalog.KnobCatalog.cassandra50())
                .read(csv.file()).samples();

        assertThat(samples).singleElement().satisfies(s -> {
            assertThat(s.provenance().hardware().machine()).isEqualTo(MachineId.current()).isNotEmpty();
            assertThat(dev.ctuner.advisor.core.experiment.AnchorNormalisation.isAnchor(s)).isTrue();
        });
    }

    @Test
    void configurationTextParsesAndRefusesGarbage() {
        assertThat(KnobColumns.parseConfiguration("a=1; b = x ;")).containsExactly(Map.entry("a", "1"), Map.entry("b", "x"));
        assertThat(KnobColumns.parseConfiguration("")).isEmpty();
        assertThatThrownBy(() -> KnobColumns.parseConfiguration("novalue")).hasMessageContaining("knob=value");
    }
}
