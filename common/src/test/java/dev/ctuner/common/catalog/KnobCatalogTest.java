package dev.ctuner.common.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KnobCatalogTest {

    private static final NodeFacts SMALL = new NodeFacts(512, 2, 1, 24_000);
    private final KnobCatalog catalog = KnobCatalog.cassandra50();

    private List<String> namesFrom(Source source) {
        return catalog.knobs().stream().filter(k -> k.sources().contains(source)).map(k -> k.name().value()).toList();
    }

    @Test
    void shipsEveryPapersKnobs() {
        assertThat(namesFrom(Source.RAFIKI)).containsExactlyInAnyOrder("compaction.class", "concurrent_writes",
                "file_cache_size", "memtable_cleanup_threshold", "concurrent_compactors");
        assertThat(namesFrom(Source.EUNOMIA)).containsExactlyInAnyOrder("compaction.class", "memtable_flush_writers",
                "memtable_cleanup_threshold", "trickle_fsync", "row_cache_size", "concurrent_writes", "memtable_heap_space");
        assertThat(namesFrom(Source.ML_SURR)).containsExactlyInAnyOrder("trickle_fsync", "key_cache_size", "row_cache_size",
                "commitlog_segment_size", "concurrent_reads", "concurrent_writes", "memtable_heap_space", "replication_factor");
        // irace Table 1 lists 23 parameters; its "index summary" is ambiguous, so both index summary settings are shipped.
        assertThat(namesFrom(Source.IRACE)).hasSize(24).contains("num_tokens", "replication_factor", "row_cache_save_period",
                "inter_dc_stream_throughput_outbound", "index_summary_capacity", "index_summary_resize_interval");
        assertThat(catalog.knobs()).extracting(k -> k.name().value()).contains("compression.chunk_length_in_kb",
                "bloom_filter_fp_chance", "commitlog_sync", "key_cache_size", "row_cache_size", "compression.class");
        Domain.Choices strategies = (Domain.Choices) catalog.lookup("compaction.class").orElseThrow().domain();
        assertThat(strategies.values()).contains("SizeTieredCompactionStrategy", "LeveledCompactionStrategy", "UnifiedCompactionStrategy");
    }

    @Test
    void looksUpLegacyNamesAndConvertsTheirUnits() {
        Knob throughput = catalog.lookup("compaction_throughput_mb_per_sec").orElseThrow();
        assertThat(throughput.name()).isEqualTo(KnobName.of("compaction_throughput"));
        ValidationReport report = catalog.validate(Map.of("compaction_throughput_mb_per_sec", "32",
                "stream_throughput_outbound_megabits_per_sec", "201", "memtable_heap_space_in_mb", "64"), Configuration.EMPTY, SMALL,
                Set.of(KnobName.of("stream_throughput_outbound")));
        assertThat(report.errors()).isEmpty();
        assertThat(report.parsed().get("compaction_throughput")).contains(KnobValue.of(32));
        assertThat(report.parsed().get("stream_throughput_outbound")).contains(KnobValue.of(24));
        assertThat(report.parsed().get("memtable_heap_space")).contains(KnobValue.of(64));
    }

    @Test
    void parsesAndFormatsYamlUnits() {
        Knob heap = catalog.lookup("memtable_heap_space").orElseThrow();
        assertThat(heap.parse("1GiB")).isEqualTo(KnobValue.of(1024));
        assertThat(heap.parse("64")).isEqualTo(KnobValue.of(64));
        assertThat(heap.format(KnobValue.of(64))).isEqualTo("64MiB");
        assertThatThrownBy(() -> heap.parse("100KiB")).hasMessageContaining("not a whole number of MiB");
        assertThatThrownBy(() -> heap.parse("64ms")).hasMessageContaining("unit 'ms'");
        Knob period = catalog.lookup("commitlog_sync_period").orElseThrow();
        assertThat(period.parse("10s")).isEqualTo(KnobValue.of(10_000));
        assertThat(catalog.lookup("index_summary_resize_interval").orElseThrow().parse("1h")).isEqualTo(KnobValue.of(60));
        assertThat(catalog.lookup("compaction_throughput").orElseThrow().format(KnobValue.of(64))).isEqualTo("64MiB/s");
        assertThat(catalog.lookup("bloom_filter_fp_chance").orElseThrow().format(KnobValue.of(0.01))).isEqualTo("0.01");
        assertThat(catalog.lookup("compaction.class").orElseThrow()
                .parse("org.apache.cassandra.db.compaction.LeveledCompactionStrategy")).isEqualTo(KnobValue.of("LeveledCompactionStrategy"));
    }

    @Test
    void reportsEveryViolationNotOnlyTheFirst() {
        ValidationReport report = catalog.validate(Map.of(
                "concurrent_reads", "1",
                "compaction_throughput", "fast",
                "memtable_allocation_type", "onheap_magic",
                "no_such_setting", "3",
                "commitlog_sync", "batch",
                "compression.chunk_length_in_kb", "48"), Configuration.EMPTY, SMALL, Set.of());
        assertThat(report.isValid()).isFalse();
        assertThat(report.errors()).extracting(Violation::code).containsExactlyInAnyOrder(
                Violation.Code.OUT_OF_RANGE, Violation.Code.UNPARSEABLE, Violation.Code.NOT_A_CHOICE,
                Violation.Code.UNKNOWN_KNOB, Violation.Code.EXCLUDED, Violation.Code.OUT_OF_RANGE);
        Violation reads = report.errors().stream().filter(v -> v.knobs().contains("concurrent_reads")).findFirst().orElseThrow();
        assertThat(reads.value()).isEqualTo("1");
        assertThat(reads.allowed()).isEqualTo("[2, 256]");
        Violation chunk = report.errors().stream().filter(v -> v.knobs().contains("compression.chunk_length_in_kb")).findFirst().orElseThrow();
        assertThat(chunk.message()).contains("not a power of two");
    }

    @Test
    void derivesBoundsFromTheNode() {
        ValidationReport small = catalog.validate(Map.of("memtable_heap_space", "300MiB"), Configuration.EMPTY, SMALL, Set.of());
        assertThat(small.errors()).singleElement().satisfies(v -> {
            assertThat(v.code()).isEqualTo(Violation.Code.OUT_OF_RANGE);
            assertThat(v.allowed()).isEqualTo("[16, 256] (heap/32 .. heap/2)");
        });
        NodeFacts big = new NodeFacts(8192, 16, 2, 65_536);
        assertThat(catalog.validate(Map.of("memtable_heap_space", "300MiB"), Configuration.EMPTY, big, Set.of()).isValid()).isTrue();
        assertThat(catalog.validate(Map.of("concurrent_compactors", "20"), Configuration.EMPTY, SMALL, Set.of()).isValid()).isFalse();
        assertThat(catalog.validate(Map.of("concurrent_compactors", "20"), Configuration.EMPTY, big, Set.of()).isValid()).isTrue();
    }

    @Test
    void checksCrossKnobConstraintsOnTheEffectiveConfiguration() {
        Set<KnobName> optIn = Set.of(KnobName.of("max_mutation_size"));
        ValidationReport broken = catalog.validate(Map.of("max_mutation_size", "16MiB", "commitlog_segment_size", "16MiB"),
                Configuration.EMPTY, SMALL, optIn);
        assertThat(broken.errors()).singleElement().satisfies(v -> {
            assertThat(v.code()).isEqualTo(Violation.Code.CONSTRAINT);
            assertThat(v.knobs()).containsExactly("max_mutation_size", "commitlog_segment_size");
            assertThat(v.value()).isEqualTo("max_mutation_size=16384, commitlog_segment_size=16");
        });
        // Not set explicitly, max_mutation_size follows the segment size, as Cassandra does.
        assertThat(catalog.validate(Map.of("commitlog_segment_size", "8MiB"), Configuration.EMPTY, SMALL, Set.of()).isValid()).isTrue();
        ValidationReport heap = catalog.validate(Map.of("memtable_heap_space", "200MiB", "key_cache_size", "100MiB"),
                Configuration.EMPTY, SMALL, Set.of());
        assertThat(heap.errors()).extracting(v -> v.message()).singleElement().asString().startsWith("heap-budget");
    }

    @Test
    void warningsDoNotMakeAConfigurationInvalid() {
        ValidationReport report = catalog.validate(Map.of("memtable_cleanup_threshold", "0.9", "file_cache_size", "1024MiB"),
                Configuration.EMPTY, SMALL, Set.of());
        assertThat(report.isValid()).isTrue();
        assertThat(report.warnings()).extracting(v -> v.message().substring(0, v.message().indexOf(':')))
                .containsExactlyInAnyOrder("cleanup-vs-flush-writers", "file-cache-inert");
        assertThat(catalog.validate(Map.of("file_cache_size", "1024MiB", "file_cache_enabled", "true"),
                Configuration.EMPTY, SMALL, Set.of()).warnings()).isEmpty();
    }

    @Test
    void bootstrapKnobsCannotChangeEvenWhenOptedIn() {
        Set<KnobName> optIn = Set.of(KnobName.of("num_tokens"));
        assertThat(catalog.validate(Map.of("num_tokens", "16"), Configuration.EMPTY, SMALL, optIn).isValid()).isTrue();
        ValidationReport change = catalog.validate(Map.of("num_tokens", "32"), Configuration.EMPTY, SMALL, optIn);
        assertThat(change.errors()).extracting(Violation::code).containsExactly(Violation.Code.BOOTSTRAP_ONLY);
    }

    @Test
    void resolvesDefaultsThatDependOnOtherKnobs() {
        Configuration effective = catalog.effective(new Configuration(Map.of(KnobName.of("memtable_flush_writers"), KnobValue.of(4))), SMALL);
        assertThat(((KnobValue.RealValue) effective.get("memtable_cleanup_threshold").orElseThrow()).value()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(effective.get("column_index_size")).isEmpty();
        assertThat(catalog.defaultOf(KnobName.of("key_cache_size"), new NodeFacts(8192, 8, 1, 32_000))).contains(KnobValue.of(100));
        assertThat(catalog.defaultOf(KnobName.of("concurrent_compactors"), new NodeFacts(8192, 16, 4, 32_000))).contains(KnobValue.of(4));
    }

    @Test
    void rowCacheNeedsARestartOnlyToEnableIt() {
        Knob rowCache = catalog.lookup("row_cache_size").orElseThrow();
        assertThat(rowCache.applyModeFor(KnobValue.of(0), KnobValue.of(64))).isEqualTo(ApplyMode.RESTART);
        assertThat(rowCache.applyModeFor(KnobValue.of(64), KnobValue.of(128))).isEqualTo(ApplyMode.LIVE);
    }

    @Test
    void narrowsToOlderVersions() {
        KnobCatalog v41 = catalog.forVersion("4.1");
        assertThat(v41.lookup("sstable.selected_format")).isEmpty();
        assertThat(v41.lookup("concurrent_reads")).isPresent();
        assertThat(v41.validate(Map.of("sstable.selected_format", "bti"), Configuration.EMPTY, SMALL, Set.of()).errors())
                .extracting(Violation::code).containsExactly(Violation.Code.UNKNOWN_KNOB);
    }

    @Test
    void reportsAKnobGivenTwiceUnderBothNames() {
        ValidationReport report = catalog.validate(Map.of("compaction_throughput", "32MiB/s", "compaction_throughput_mb_per_sec", "16"),
                Configuration.EMPTY, SMALL, Set.of());
        assertThat(report.errors()).extracting(Violation::code).containsExactly(Violation.Code.DUPLICATE);
    }
}
