package dev.ctuner.common.catalog;

import static dev.ctuner.common.catalog.Bound.derived;
import static dev.ctuner.common.catalog.Bound.of;
import static dev.ctuner.common.catalog.Source.EUNOMIA;
import static dev.ctuner.common.catalog.Source.EXTRA;
import static dev.ctuner.common.catalog.Source.IRACE;
import static dev.ctuner.common.catalog.Source.ML_SURR;
import static dev.ctuner.common.catalog.Source.RAFIKI;

import dev.ctuner.common.catalog.Domain.Scale;
import java.util.List;

/**
 * The Cassandra 5.0 knobs: the union of RAFIKI's 5, EUNOMIA's 7, irace's 23 and the RF/GBDT
 * paper's 7 settings, plus table options that matter on 5.0. Defaults are Cassandra's own
 * (DatabaseDescriptor / Config), as a node started with the harness's minimal yaml reports them
 * in {@code system_views.settings}; an integration test compares every NODE default against a
 * real 5.0.9 node. Apply modes follow FACTS.md ("Runtime changes in Cassandra 5.0.9").
 */
final class Cassandra50Knobs {

    private static final String DURABILITY = "durability: decides how many acknowledged writes a crash can lose";
    private static final String NETWORKING = "networking: throttles streaming between nodes (repair, bootstrap, decommission)";

    private Cassandra50Knobs() {
    }

    static List<Knob> all() {
        return List.of(
                // --- thread pools -------------------------------------------------------------
                Knob.builder("concurrent_reads").integer(of(2), of(256), 1, Scale.LOG).live().defaultValue(32)
                        .sources(IRACE, ML_SURR)
                        .describe("ReadStage threads; live through StorageService.setConcurrency(\"ReadStage\", -1, n)").build(),
                Knob.builder("concurrent_writes").integer(of(2), of(256), 1, Scale.LOG).live().defaultValue(32)
                        .sources(RAFIKI, EUNOMIA, IRACE, ML_SURR)
                        .describe("MutationStage threads; live through StorageService.setConcurrency(\"MutationStage\", -1, n)").build(),
                Knob.builder("concurrent_compactors").integer(of(1), derived("8×cores", f -> 8.0 * f.cores())).live()
                        .defaultValue(new DefaultValue.Derived("min(8, max(2, min(cores, data directories)))",
                                c -> KnobValue.of(Math.min(8, Math.max(2, Math.min(c.facts().cores(), c.facts().dataDirectories()))))))
                        .sources(RAFIKI, IRACE)
                        .describe("compaction threads; live through the StorageService MBean attribute ConcurrentCompactors").build(),
                Knob.builder("native_transport_max_threads").integer(of(8), of(1024), 1, Scale.LOG).defaultValue(128)
                        .describe("threads serving CQL requests").build(),
                // --- memtables ----------------------------------------------------------------
                Knob.builder("memtable_heap_space").legacy("memtable_heap_space_in_mb", Unit.MEBIBYTES)
                        .integer(derived("heap/32", f -> Math.max(16, f.heapMiB() / 32.0)), derived("heap/2", f -> f.heapMiB() / 2.0), 1, Scale.LOG)
                        .unit(Unit.MEBIBYTES).defaultValue(heapFraction("heap/4", 4)).sources(EUNOMIA, IRACE, ML_SURR)
                        .describe("on-heap memtable space before flushing").build(),
                Knob.builder("memtable_offheap_space").legacy("memtable_offheap_space_in_mb", Unit.MEBIBYTES)
                        .integer(of(16), derived("memory/4", f -> f.memoryMiB() / 4.0), 1, Scale.LOG)
                        .unit(Unit.MEBIBYTES).defaultValue(heapFraction("heap/4", 4)).sources(IRACE)
                        .describe("off-heap memtable space; used only by the offheap allocation types").build(),
                Knob.builder("memtable_allocation_type")
                        .choices("heap_buffers", "unslabbed_heap_buffers", "offheap_buffers", "offheap_objects")
                        .defaultValue("heap_buffers").sources(IRACE)
                        .describe("where memtable cells live").build(),
                Knob.builder("memtable_flush_writers").integer(of(1), of(16)).defaultValue(new DefaultValue.Derived(
                                "2 with one data directory, else 1 per directory",
                                c -> KnobValue.of(c.facts().dataDirectories() == 1 ? 2L : 1L)))
                        .sources(EUNOMIA, IRACE).describe("threads flushing memtables (per data directory)").build(),
                Knob.builder("memtable_cleanup_threshold").real(0.01, 0.99, Scale.LINEAR)
                        .defaultValue(new DefaultValue.Derived("1/(memtable_flush_writers+1)", c -> {
                            long writers = ((KnobValue.IntValue) c.valueOf(KnobName.of("memtable_flush_writers")).orElseThrow()).value();
                            return KnobValue.of((double) (float) (1.0 / (writers + 1)));
                        }))
                        .sources(RAFIKI, EUNOMIA, IRACE)
                        .describe("share of memtable space that triggers flushing the largest memtable").build(),
                // --- caches -------------------------------------------------------------------
                Knob.builder("file_cache_enabled").bool().defaultValue(false)
                        .describe("chunk cache for SSTable reads; off by default in 5.0, and file_cache_size does nothing while off").build(),
                Knob.builder("file_cache_size").legacy("file_cache_size_in_mb", Unit.MEBIBYTES)
                        .integer(of(16), derived("memory/4", f -> f.memoryMiB() / 4.0), 1, Scale.LOG).unit(Unit.MEBIBYTES)
                        .defaultValue(new DefaultValue.Derived("min(512, heap/4)", c -> KnobValue.of(Math.min(512, c.facts().heapMiB() / 4))))
                        .sources(RAFIKI, IRACE).describe("chunk cache size (off-heap)").build(),
                Knob.builder("key_cache_size").legacy("key_cache_size_in_mb", Unit.MEBIBYTES)
                        .integer(of(0), derived("heap/4", f -> f.heapMiB() / 4.0)).unit(Unit.MEBIBYTES).live()
                        .defaultValue(new DefaultValue.Derived("min(max(1, 5% of heap), 100)",
                                c -> KnobValue.of(Math.min(Math.max(1, (long) (c.facts().heapMiB() * 0.05)), 100))))
                        .sources(IRACE, ML_SURR).describe("on-heap partition key cache; live through the CacheService MBean").build(),
                Knob.builder("row_cache_size").legacy("row_cache_size_in_mb", Unit.MEBIBYTES)
                        .integer(of(0), derived("memory/8", f -> f.memoryMiB() / 8.0)).unit(Unit.MEBIBYTES).liveOnceEnabled()
                        .defaultValue(0L).sources(EUNOMIA, IRACE, ML_SURR)
                        .describe("off-heap row cache; resizable live only if it was non-zero at start").build(),
                Knob.builder("row_cache_save_period").integer(of(0), of(86400)).unit(Unit.SECONDS).live().defaultValue(0L)
                        .sources(IRACE).describe("how often the row cache is saved to disk (0: never)").build(),
                // --- compaction and SSTables --------------------------------------------------
                Knob.builder("compaction_throughput").legacy("compaction_throughput_mb_per_sec", Unit.MEBIBYTES_PER_SECOND)
                        .integer(of(0), of(1024)).unit(Unit.MEBIBYTES_PER_SECOND).live().defaultValue(64L).sources(IRACE)
                        .describe("compaction I/O throttle (0: unthrottled); live through the StorageService MBean attribute CompactionThroughputMbPerSec").build(),
                Knob.builder("sstable_preemptive_open_interval").legacy("sstable_preemptive_open_interval_in_mb", Unit.MEBIBYTES)
                        .integer(of(1), of(1024), 1, Scale.LOG).unit(Unit.MEBIBYTES).live().defaultValue(50L).sources(IRACE)
                        .describe("how often compaction output is opened early for reads").build(),
                Knob.builder("column_index_size").legacy("column_index_size_in_kb", Unit.KIBIBYTES)
                        .integer(of(1), of(256), 1, Scale.LOG).unit(Unit.KIBIBYTES).live()
                        .defaultValue(new DefaultValue.Unset("the SSTable format's own granularity")).sources(IRACE)
                        .describe("granularity of the row index within a partition").build(),
                Knob.builder("index_summary_capacity").legacy("index_summary_capacity_in_mb", Unit.MEBIBYTES)
                        .integer(of(1), derived("heap/4", f -> f.heapMiB() / 4.0)).unit(Unit.MEBIBYTES).live()
                        .defaultValue(new DefaultValue.Derived("5% of heap", c -> KnobValue.of(Math.max(1, (long) (c.facts().heapMiB() * 0.05)))))
                        .sources(IRACE).describe("memory for SSTable index summaries (BIG format)").build(),
                Knob.builder("index_summary_resize_interval").legacy("index_summary_resize_interval_in_minutes", Unit.MINUTES)
                        .integer(of(1), of(1440)).unit(Unit.MINUTES).live().defaultValue(60L).sources(IRACE)
                        .describe("how often index summaries are redistributed").build(),
                Knob.builder("sstable.selected_format").choices("big", "bti").defaultValue("big").since("5.0")
                        .describe("SSTable format for new SSTables (bti: trie-indexed, 5.0)").build(),
                // --- commit log and disk ------------------------------------------------------
                Knob.builder("commitlog_segment_size").legacy("commitlog_segment_size_in_mb", Unit.MEBIBYTES)
                        .integer(of(4), of(128), 1, Scale.LOG).unit(Unit.MEBIBYTES).defaultValue(32L).sources(IRACE, ML_SURR)
                        .describe("size of each commit log segment file").build(),
                Knob.builder("max_mutation_size").legacy("max_mutation_size_in_kb", Unit.KIBIBYTES)
                        .integer(of(64), of(65536), 1, Scale.LOG).unit(Unit.KIBIBYTES)
                        .defaultValue(new DefaultValue.Derived("commitlog_segment_size/2", c -> KnobValue.of(
                                ((KnobValue.IntValue) c.valueOf(KnobName.of("commitlog_segment_size")).orElseThrow()).value() * 1024 / 2)))
                        .excluded("data-risking: changes which writes the node refuses")
                        .describe("largest mutation accepted; must be at most half a commit log segment").build(),
                Knob.builder("commitlog_sync").choices("periodic", "batch", "group").defaultValue("periodic")
                        .excluded(DURABILITY).describe("when the commit log is fsynced").build(),
                Knob.builder("commitlog_sync_period").legacy("commitlog_sync_period_in_ms", Unit.MILLISECONDS)
                        .integer(of(10), of(60000), 1, Scale.LOG).unit(Unit.MILLISECONDS).defaultValue(10000L)
                        .excluded(DURABILITY).describe("fsync period under periodic sync").build(),
                Knob.builder("commitlog_sync_group_window").integer(of(0), of(1000)).unit(Unit.MILLISECONDS).defaultValue(0L)
                        .excluded(DURABILITY).describe("fsync window under group sync").build(),
                Knob.builder("trickle_fsync").bool().defaultValue(false).sources(EUNOMIA, IRACE, ML_SURR)
                        .describe("fsync SSTable writes every trickle_fsync_interval").build(),
                Knob.builder("trickle_fsync_interval").legacy("trickle_fsync_interval_in_kb", Unit.KIBIBYTES)
                        .integer(of(1024), of(102400), 1, Scale.LOG).unit(Unit.KIBIBYTES).defaultValue(10240L)
                        .describe("bytes written between trickle fsyncs").build(),
                // --- streaming (networking) ---------------------------------------------------
                Knob.builder("stream_throughput_outbound").legacy("stream_throughput_outbound_megabits_per_sec", Unit.MEGABITS_PER_SECOND)
                        .integer(of(1), of(1024)).unit(Unit.MEBIBYTES_PER_SECOND).live().defaultValue(24L).sources(IRACE)
                        .excluded(NETWORKING).describe("outbound streaming throttle").build(),
                Knob.builder("inter_dc_stream_throughput_outbound")
                        .legacy("inter_dc_stream_throughput_outbound_megabits_per_sec", Unit.MEGABITS_PER_SECOND)
                        .integer(of(1), of(1024)).unit(Unit.MEBIBYTES_PER_SECOND).live().defaultValue(24L).sources(IRACE)
                        .excluded(NETWORKING).describe("outbound streaming throttle to other data centres").build(),
                // --- ring and keyspace ---------------------------------------------------------
                Knob.builder("num_tokens").integer(of(1), of(256), 1, Scale.LOG).bootstrap().defaultValue(16L).sources(IRACE)
                        .excluded("fixed when a node bootstraps; changing it means replacing the node")
                        .describe("virtual nodes per node (16 as the 5.0 cassandra.yaml ships; the code default is 1)").build(),
                Knob.builder("replication_factor").integer(of(1), of(11)).scope(Scope.KEYSPACE).schema()
                        .defaultValue(new DefaultValue.Unset("set per keyspace")).sources(IRACE, ML_SURR)
                        .excluded("consistency: changes what each consistency level means and needs a repair")
                        .describe("replicas per data centre of a keyspace").build(),
                // --- table options ------------------------------------------------------------
                Knob.builder("compaction.class").scope(Scope.TABLE).schema()
                        .choices("SizeTieredCompactionStrategy", "LeveledCompactionStrategy", "UnifiedCompactionStrategy")
                        .defaultValue("SizeTieredCompactionStrategy").sources(RAFIKI, EUNOMIA, IRACE)
                        .describe("compaction strategy; a change rewrites every SSTable of the table (the costliest change)").build(),
                Knob.builder("compression.class").scope(Scope.TABLE).schema()
                        .choices("LZ4Compressor", "ZstdCompressor", "SnappyCompressor", "DeflateCompressor", "none")
                        .defaultValue("LZ4Compressor")
                        .describe("SSTable compression (none: enabled=false); new SSTables only until upgradesstables -a").build(),
                Knob.builder("compression.chunk_length_in_kb").scope(Scope.TABLE).schema().powersOfTwo(1, 256)
                        .unit(Unit.NONE).defaultValue(16L)
                        .describe("compression chunk length in KiB (a power of two)").build(),
                Knob.builder("bloom_filter_fp_chance").scope(Scope.TABLE).schema().real(0.0001, 1.0, Scale.LOG)
                        .defaultValue(0.01).describe("bloom filter false-positive chance (1.0 disables the filter)").build(),
                Knob.builder("caching.keys").scope(Scope.TABLE).schema().choices("ALL", "NONE").defaultValue("ALL")
                        .describe("whether the table uses the key cache").build(),
                Knob.builder("caching.rows_per_partition").scope(Scope.TABLE).schema()
                        .choices("NONE", "ALL", "1", "10", "100", "1000").defaultValue("NONE")
                        .describe("rows per partition kept in the row cache (needs row_cache_size > 0)").build());
    }

    static List<Constraint> constraints() {
        return List.of(
                new Constraint("max-mutation-vs-segment", Violation.Severity.ERROR,
                        List.of("max_mutation_size", "commitlog_segment_size"),
                        "2 × max_mutation_size ≤ commitlog_segment_size",
                        "Cassandra refuses to start when a mutation could exceed half a commit log segment",
                        (c, f) -> 2 * i(c, "max_mutation_size") <= i(c, "commitlog_segment_size") * 1024),
                new Constraint("heap-budget", Violation.Severity.ERROR,
                        List.of("memtable_heap_space", "key_cache_size"),
                        "memtable_heap_space + key_cache_size ≤ heap/2",
                        "on-heap memtables and key cache together must leave half the heap for reads, compaction and GC",
                        (c, f) -> i(c, "memtable_heap_space") + i(c, "key_cache_size") <= f.heapMiB() / 2),
                new Constraint("group-sync-window", Violation.Severity.ERROR,
                        List.of("commitlog_sync", "commitlog_sync_group_window"),
                        "commitlog_sync_group_window > 0 when commitlog_sync is group",
                        "group sync without a window is refused at startup",
                        (c, f) -> !e(c, "commitlog_sync").equals("group") || i(c, "commitlog_sync_group_window") > 0),
                new Constraint("cleanup-vs-flush-writers", Violation.Severity.WARNING,
                        List.of("memtable_cleanup_threshold", "memtable_flush_writers"),
                        "memtable_cleanup_threshold ≤ 1/(memtable_flush_writers+1)",
                        "a higher threshold lets flushing memtables and the active one outgrow the memtable space, and writes block",
                        (c, f) -> r(c, "memtable_cleanup_threshold") <= 1.0 / (i(c, "memtable_flush_writers") + 1) + 1e-6),
                new Constraint("file-cache-inert", Violation.Severity.WARNING,
                        List.of("file_cache_size", "file_cache_enabled"),
                        "file_cache_enabled when file_cache_size is tuned",
                        "the chunk cache is off by default in 5.0, so its size has no effect",
                        (c, f) -> b(c, "file_cache_enabled")
                                || i(c, "file_cache_size") == Math.min(512, f.heapMiB() / 4)),
                new Constraint("offheap-space-inert", Violation.Severity.WARNING,
                        List.of("memtable_offheap_space", "memtable_allocation_type"),
                        "an offheap allocation type when memtable_offheap_space is tuned",
                        "heap allocation types ignore memtable_offheap_space",
                        (c, f) -> e(c, "memtable_allocation_type").startsWith("offheap")
                                || i(c, "memtable_offheap_space") == f.heapMiB() / 4),
                new Constraint("row-cache-inert", Violation.Severity.WARNING,
                        List.of("caching.rows_per_partition", "row_cache_size"),
                        "row_cache_size > 0 when a table caches rows, and the other way round",
                        "a row cache no table uses, or a table asking for a row cache of size 0, does nothing",
                        (c, f) -> (i(c, "row_cache_size") > 0) == !e(c, "caching.rows_per_partition").equals("NONE")));
    }

    private static DefaultValue heapFraction(String expression, int divisor) {
        return new DefaultValue.Derived(expression, c -> KnobValue.of(c.facts().heapMiB() / divisor));
    }

    private static long i(Configuration c, String knob) {
        return ((KnobValue.IntValue) c.get(knob).orElseThrow()).value();
    }

    private static double r(Configuration c, String knob) {
        return ((KnobValue.RealValue) c.get(knob).orElseThrow()).value();
    }

    private static boolean b(Configuration c, String knob) {
        return ((KnobValue.BoolValue) c.get(knob).orElseThrow()).value();
    }

    private static String e(Configuration c, String knob) {
        return ((KnobValue.EnumValue) c.get(knob).orElseThrow()).value();
    }
}
