package dev.ctuner.advisor.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobValue;
import java.io.IOException;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExperimentCsvReaderTest {

    private final ExperimentCsvReader reader = new ExperimentCsvReader(KnobCatalog.cassandra50());

    @Test
    void onlyOkRowsThatParseBecomeSamplesAndEveryOtherRowSaysWhy() throws IOException {
        String csv = String.join("\n", SyntheticCsv.HEADER,
                SyntheticCsv.row("ok-1", "OK", "", 0.9, 32, "LeveledCompactionStrategy", 0.33, 51_000, "2100", "900"),
                SyntheticCsv.row("noisy", "NOISY", "foreign_cpu 0.4 cores; gc pause", 0.5, 32, "LeveledCompactionStrategy", 0.33, 1, "1", "1"),
                SyntheticCsv.row("bad-knob", "OK", "", 0.5, 9999, "LeveledCompactionStrategy", 0.33, 1, "1", "1"),
                SyntheticCsv.row("bad-enum", "OK", "", 0.5, 32, "DateTieredCompactionStrategy", 0.33, 1, "1", "1"),
                SyntheticCsv.row("read-only", "OK", "", 1.0, 32, "SizeTieredCompactionStrategy", 0.5, 60_000, "1800", ""),
                "");
        CsvReadResult r = reader.read(new StringReader(csv));
        assertThat(r.samples()).extracting(s -> s.provenance().experimentId()).containsExactly("ok-1", "read-only");
        Sample first = r.samples().get(0);
        assertThat(first.configuration().get("concurrent_writes")).contains(KnobValue.of(32));
        assertThat(first.configuration().get("compaction.class")).contains(KnobValue.of("LeveledCompactionStrategy"));
        assertThat(first.workload().readProportion()).isEqualTo(0.9);
        assertThat(first.measured().p99ReadUs().getAsDouble()).isEqualTo(2100);
        assertThat(first.provenance().startedAt()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(first.provenance().hardware().heapMiB()).isEqualTo(4096);
        assertThat(r.samples().get(1).measured().p99WriteUs()).isEmpty();
        assertThat(r.rejected()).extracting(RejectedRow::experimentId).containsExactly("noisy", "bad-knob", "bad-enum");
        assertThat(r.rejected().get(0).reason()).isEqualTo("quality NOISY: foreign_cpu 0.4 cores; gc pause");
        assertThat(r.rejected().get(0).line()).isEqualTo(3);
        assertThat(r.rejected().get(1).reason()).contains("knob.concurrent_writes=9999").contains("outside");
        assertThat(r.rejected().get(2).reason()).contains("DateTieredCompactionStrategy");
    }

    @Test
    void unknownKnobColumnsAreWarningsAndMissingColumnsAreErrors() throws IOException {
        String header = SyntheticCsv.HEADER + ",knob.no_such_knob";
        CsvReadResult r = reader.read(new StringReader(header + "\n"
                + SyntheticCsv.row("a", "OK", "", 0.5, 32, "LeveledCompactionStrategy", 0.3, 5, "1", "1") + ",7\n"));
        assertThat(r.samples()).hasSize(1);
        assertThat(r.warnings()).containsExactly("column knob.no_such_knob is not a knob of the catalog; ignored");
        assertThatThrownBy(() -> reader.read(new StringReader("experiment_id,quality\n")))
                .hasMessageContaining("lacks required columns").hasMessageContaining("throughput");
    }

    @Test
    void splitsQuotedFields() {
        assertThat(CsvLine.split("a,\"b,c\",\"say \"\"hi\"\"\",")).isEqualTo(List.of("a", "b,c", "say \"hi\"", ""));
    }
}
