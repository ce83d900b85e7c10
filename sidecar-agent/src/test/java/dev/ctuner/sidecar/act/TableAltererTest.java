package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.sidecar.bench.TableOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TableAltererTest {

    private static final TableOptions STCS = TableOptions.of(Map.of("compaction.class", "SizeTieredCompactionStrategy",
            "compression.class", "ZstdCompressor", "compression.chunk_length_in_kb", "16", "caching.keys", "ALL",
            "caching.rows_per_partition", "NONE", "bloom_filter_fp_chance", "0.01"));

    /** A node whose schema changes the way Cassandra would, unless told otherwise. */
    private static final class FakeSchema implements TableSchema {
        final Map<String, TableOptions> tables = new HashMap<>(Map.of("rollit.kv", STCS));
        final List<String> executed = new ArrayList<>();
        RuntimeException refuse;
        boolean agree = true;
        boolean ignore;

        @Override
        public Optional<TableOptions> options(String keyspace, String table) {
            return Optional.ofNullable(tables.get(keyspace + "." + table));
        }

        @Override
        public void execute(String cql) {
            executed.add(cql);
            if (refuse != null) {
                throw refuse;
            }
            if (!ignore && cql.contains("LeveledCompactionStrategy")) {
                Map<String, String> v = new HashMap<>(tables.get("rollit.kv").values());
                v.put("compaction.class", "LeveledCompactionStrategy");
                tables.put("rollit.kv", TableOptions.of(v));
            }
            if (!ignore && cql.contains("LZ4Compressor")) {
                Map<String, String> v = new HashMap<>(tables.get("rollit.kv").values());
                v.put("compression.class", "LZ4Compressor");
                tables.put("rollit.kv", TableOptions.of(v));
            }
        }

        @Override
        public boolean awaitAgreement(Duration timeout) {
            return agree;
        }
    }

    private final FakeSchema schema = new FakeSchema();
    private final List<String> rewritten = new ArrayList<>();
    private Exception rewriteFails;
    private final TableAlterer alterer = new TableAlterer(KnobCatalog.cassandra50(), schema, (keyspace, table) -> {
        if (rewriteFails != null) {
            throw rewriteFails;
        }
        rewritten.add(keyspace + "." + table);
    }, Duration.ofSeconds(5));

    @Test
    void altersOnceAndReportsTheAppliedAndPreviousOptions() {
        TableAlterer.Outcome outcome = alterer.alter("rollit", "kv", TableOptions.of(Map.of("compaction.class", "LeveledCompactionStrategy")));
        assertThat(schema.executed).containsExactly("ALTER TABLE rollit.kv WITH compaction = {'class': 'LeveledCompactionStrategy'}");
        assertThat(outcome).isInstanceOfSatisfying(TableAlterer.Outcome.Applied.class, a -> {
            assertThat(a.applied()).isEqualTo(Map.of("compaction.class", "LeveledCompactionStrategy"));
            assertThat(a.previous()).isEqualTo(Map.of("compaction.class", "SizeTieredCompactionStrategy"));
        });
    }

    @Test
    void aCompactionChangeRewritesNothing() {
        TableAlterer.Outcome outcome = alterer.alter("rollit", "kv", TableOptions.of(Map.of("compaction.class", "LeveledCompactionStrategy")));
        assertThat(outcome).isInstanceOfSatisfying(TableAlterer.Outcome.Applied.class, a -> {
            assertThat(a.altered()).isTrue();
            assertThat(a.rewriteMillis()).isEqualTo(-1);
        });
        assertThat(rewritten).isEmpty();
    }

    @Test
    void aCompressionChangeRewritesThisNodesSstablesAfterTheAlter() {
        TableAlterer.Outcome outcome = alterer.alter("rollit", "kv", TableOptions.of(Map.of("compression.class", "LZ4Compressor")));
        assertThat(schema.executed).hasSize(1);
        assertThat(rewritten).containsExactly("rollit.kv");
        assertThat(outcome).isInstanceOfSatisfying(TableAlterer.Outcome.Applied.class, a -> {
            assertThat(a.altered()).isTrue();
            assertThat(a.rewriteMillis()).isGreaterThanOrEqualTo(0);
            assertThat(a.previous()).containsEntry("compression.class", "ZstdCompressor");
        });
    }

    @Test
    void aNodeWhoseTableHasTheOptionsAlreadyRunsNoAlterAndOnlyRewrites() {
        // another node of the ring altered the table; this one rewrites its own SSTables
        TableAlterer.Outcome outcome = alterer.alter("rollit", "kv",
                TableOptions.of(Map.of("compression.class", "ZstdCompressor", "compression.chunk_length_in_kb", "16")));
        assertThat(schema.executed).isEmpty();
        assertThat(rewritten).containsExactly("rollit.kv");
        assertThat(outcome).isInstanceOfSatisfying(TableAlterer.Outcome.Applied.class, a -> {
            assertThat(a.altered()).isFalse();
            assertThat(a.applied()).isEqualTo(a.previous());
        });
    }

    @Test
    void aRewriteThatFailsFailsTheCommandAndKeepsThePreviousOptionsForTheRollback() {
        rewriteFails = new IllegalStateException("Cassandra answered status 2");
        TableAlterer.Outcome outcome = alterer.alter("rollit", "kv", TableOptions.of(Map.of("compression.class", "LZ4Compressor")));
        assertThat(outcome).isInstanceOfSatisfying(TableAlterer.Outcome.Failed.class, f -> {
            assertThat(f.reason()).contains("the ALTER TABLE ran", "rewriting this node's SSTables of rollit.kv", "status 2",
                    "nodetool recompress_sstables rollit kv");
            assertThat(f.previous()).containsEntry("compression.class", "ZstdCompressor");
        });
    }

    @Test
    void keepsTheSiblingOptionsOfAMapItChanges() {
        schema.ignore = true;
        alterer.alter("rollit", "kv", TableOptions.of(Map.of("compression.chunk_length_in_kb", "64")));
        assertThat(schema.executed).containsExactly(
                "ALTER TABLE rollit.kv WITH compression = {'class': 'ZstdCompressor', 'chunk_length_in_kb': '64'}");
    }

    @Test
    void refusesAnUnknownTableWithoutTouchingTheSchema() {
        TableAlterer.Outcome outcome = alterer.alter("rollit", "nope", TableOptions.of(Map.of("compaction.class", "LeveledCompactionStrategy")));
        assertThat(outcome).isInstanceOfSatisfying(TableAlterer.Outcome.UnknownTable.class,
                u -> assertThat(u.reason()).contains("rollit.nope does not exist"));
        assertThat(schema.executed).isEmpty();
    }

    @Test
    void failsWithCassandrasErrorTheAgreementTimeoutOrADifferentReadBack() {
        TableOptions lcs = TableOptions.of(Map.of("compaction.class", "LeveledCompactionStrategy"));
        schema.refuse = new IllegalStateException("InvalidQueryException: Unable to find compaction strategy class");
        assertThat(alterer.alter("rollit", "kv", lcs)).isInstanceOfSatisfying(TableAlterer.Outcome.Failed.class, f -> {
            assertThat(f.reason()).contains("Unable to find compaction strategy class");
            assertThat(f.previous()).containsEntry("compaction.class", "SizeTieredCompactionStrategy");
        });
        schema.refuse = null;
        schema.agree = false;
        assertThat(alterer.alter("rollit", "kv", lcs)).isInstanceOfSatisfying(TableAlterer.Outcome.Failed.class,
                f -> assertThat(f.reason()).contains("did not agree"));
        schema.agree = true;
        schema.tables.put("rollit.kv", STCS);
        schema.ignore = true;
        assertThat(alterer.alter("rollit", "kv", lcs)).isInstanceOfSatisfying(TableAlterer.Outcome.Failed.class,
                f -> assertThat(f.reason()).contains("compaction.class = SizeTieredCompactionStrategy instead of LeveledCompactionStrategy"));
    }

    @Test
    void schemaAgreementNeedsOneKnownVersionEverywhere() {
        UUID a = UUID.randomUUID();
        assertThat(CqlTableSchema.SchemaVersions.agree(List.of(a, a, a))).isTrue();
        assertThat(CqlTableSchema.SchemaVersions.agree(List.of(a, UUID.randomUUID()))).isFalse();
        assertThat(CqlTableSchema.SchemaVersions.agree(new ArrayList<>(java.util.Arrays.asList(a, null)))).isFalse();
        assertThat(CqlTableSchema.SchemaVersions.agree(List.of())).isFalse();
    }
}
