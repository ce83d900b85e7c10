package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TableOptionsTest {

    @Test
    void readsSystemSchemaTablesInTheCatalogsSpelling() {
        TableOptions options = TableOptions.fromSchema(
                Map.of("class", "org.apache.cassandra.db.compaction.LeveledCompactionStrategy", "max_threshold", "32"),
                Map.of("class", "org.apache.cassandra.io.compress.LZ4Compressor", "chunk_length_in_kb", "16"),
                Map.of("keys", "ALL", "rows_per_partition", "NONE"), 0.1);
        assertThat(options.values()).isEqualTo(Map.of("compaction.class", "LeveledCompactionStrategy", "compression.class", "LZ4Compressor",
                "compression.chunk_length_in_kb", "16", "caching.keys", "ALL", "caching.rows_per_partition", "NONE",
                "bloom_filter_fp_chance", "0.1"));
        assertThat(TableOptions.fromSchema(Map.of(), Map.of("enabled", "false"), Map.of(), 0.01).values())
                .containsEntry("compression.class", "none");
    }

    @Test
    void buildsTheWithClauseAndCompletesMapsFromTheCurrentOptions() {
        TableOptions current = TableOptions.of(Map.of("caching.keys", "NONE", "caching.rows_per_partition", "NONE",
                "compaction.class", "SizeTieredCompactionStrategy"));
        TableOptions wanted = TableOptions.of(Map.of("caching.rows_per_partition", "100", "bloom_filter_fp_chance", "0.05"));
        assertThat(wanted.completedFrom(current).cql())
                .isEqualTo("caching = {'keys': 'NONE', 'rows_per_partition': '100'} AND bloom_filter_fp_chance = 0.05");
        assertThat(current.only(java.util.List.of("caching.keys")).values()).isEqualTo(Map.of("caching.keys", "NONE"));
    }

    @Test
    void refusesUnknownOptionsAndUnsafeValues() {
        assertThatThrownBy(() -> TableOptions.of(Map.of("gc_grace_seconds", "1"))).hasMessageContaining("not a table option");
        assertThatThrownBy(() -> TableOptions.of(Map.of("compaction.class", "x'}; DROP"))).hasMessageContaining("unsafe value");
    }
}
