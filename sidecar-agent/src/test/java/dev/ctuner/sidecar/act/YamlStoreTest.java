package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class YamlStoreTest {

    private static final String YAML = """
            # Operator's comment: keep me
            cluster_name: prod
            compaction_throughput_mb_per_sec: 16   # legacy name
            concurrent_reads: 32
            seed_provider:
              - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                parameters:
                  - seeds: "10.0.0.1:7000"
            sstable:
              selected_format: big

            listen_address: 10.0.0.2
            """;

    @Test
    void changesOnlyTheGivenKeysAndKeepsEverythingElse() {
        String out = YamlStore.apply(YAML, Map.of("compaction_throughput", "64MiB/s", "concurrent_reads", "64",
                "memtable_heap_space", "96MiB"), List.of("compaction_throughput_mb_per_sec"));
        assertThat(out).contains("# Operator's comment: keep me", "cluster_name: prod", "seeds: \"10.0.0.1:7000\"",
                "listen_address: 10.0.0.2", "concurrent_reads: 64", "compaction_throughput: 64MiB/s", "memtable_heap_space: 96MiB");
        assertThat(out).doesNotContain("compaction_throughput_mb_per_sec").doesNotContain("concurrent_reads: 32");
        assertThat(out.lines().filter(l -> l.startsWith("concurrent_reads")).count()).isEqualTo(1);
    }

    @Test
    void setsNestedKeysInsideTheirBlock() {
        String out = YamlStore.apply(YAML, Map.of("sstable.selected_format", "bti"), List.of());
        assertThat(out).contains("sstable:\n  selected_format: bti\n").doesNotContain("selected_format: big");
        String added = YamlStore.apply("cluster_name: x\n", Map.of("sstable.selected_format", "bti"), List.of());
        assertThat(added).isEqualTo("cluster_name: x\nsstable:\n  selected_format: bti\n");
    }

    @Test
    void doesNotTouchAKeyThatOnlyStartsWithTheSameName() {
        String out = YamlStore.apply("concurrent_reads_extra: 1\nconcurrent_reads: 32\n", Map.of("concurrent_reads", "8"), List.of());
        assertThat(out).isEqualTo("concurrent_reads_extra: 1\nconcurrent_reads: 8\n");
    }

    @Test
    void batchCommitLogSyncTakesTheSyncPeriodOut() {
        String shipped = "commitlog_sync: periodic\ncommitlog_sync_period: 10000ms\nconcurrent_reads: 32\n";
        assertThat(YamlStore.apply(shipped, Map.of("commitlog_sync", "batch"), List.of()))
                .isEqualTo("commitlog_sync: batch\nconcurrent_reads: 32\n");
        assertThat(YamlStore.apply("commitlog_sync_period_in_ms: 10000\n", new TreeMap<>(Map.of("commitlog_sync", "group",
                "commitlog_sync_group_window", "15ms")), List.of()))
                .isEqualTo("commitlog_sync: group\ncommitlog_sync_group_window: 15ms\n");
        assertThat(YamlStore.apply(shipped, Map.of("commitlog_sync", "periodic"), List.of())).isEqualTo(shipped);
    }
}
