package dev.ctuner.sidecar.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LiveValuesTest {

    @Test
    void theKeyCacheSizeIsReadFromTheRunningCacheNotFromTheSettingsTable() {
        Map<String, String> table = Map.of("key_cache_size", "25MiB", "concurrent_reads", "32");
        Map<String, String> live = LiveValues.overlay(table,
                bean -> bean.equals(LiveValues.KEY_CACHE_CAPACITY) ? Optional.of(36L * 1024 * 1024) : Optional.empty());
        assertThat(live).containsEntry("key_cache_size", "36MiB").containsEntry("concurrent_reads", "32");
    }

    @Test
    void withoutTheGaugeOrWithoutTheKnobNothingChanges() {
        Map<String, String> table = Map.of("key_cache_size", "25MiB");
        assertThat(LiveValues.overlay(table, bean -> Optional.empty())).isEqualTo(table);
        assertThat(LiveValues.overlay(Map.of("concurrent_reads", "32"), bean -> Optional.of(1L))).doesNotContainKey("key_cache_size");
        assertThat(LiveValues.mebibytes(26_843_545)).isEqualTo("26MiB");   // 25.6 MiB, as 5 % of a 512 MiB heap
    }
}
