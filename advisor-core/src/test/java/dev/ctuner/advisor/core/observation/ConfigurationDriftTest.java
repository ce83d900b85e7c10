package dev.ctuner.advisor.core.observation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.protocol.NodeId;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigurationDriftTest {

    static final NodeId N1 = new NodeId("n1");
    static final NodeId N2 = new NodeId("n2");
    static final NodeId N3 = new NodeId("n3");
    final ConfigurationDrift drift = new ConfigurationDrift(KnobCatalog.cassandra50());

    @Test
    void aKnobWithDifferentValuesOnTwoNodesIsDriftWithEveryNodesValue() {
        DriftReport r = drift.detect(Map.of(
                N1, Map.of("concurrent_reads", "32", "concurrent_writes", "32"),
                N2, Map.of("concurrent_reads", "64", "concurrent_writes", "32"),
                N3, Map.of("concurrent_reads", "32", "concurrent_writes", "32")));
        assertThat(r.hasDrift()).isTrue();
        assertThat(r.nodes()).containsExactly(N1, N2, N3);
        assertThat(r.drifted()).singleElement().satisfies(d -> {
            assertThat(d.knob()).isEqualTo(KnobName.of("concurrent_reads"));
            assertThat(d.values()).containsExactly(Map.entry(N1, "32"), Map.entry(N2, "64"), Map.entry(N3, "32"));
            assertThat(d.unknownOn()).isEmpty();
        });
    }

    @Test
    void equalValuesSpelledDifferentlyOrUnderTheLegacyNameAreNotDrift() {
        DriftReport r = drift.detect(Map.of(
                N1, Map.of("compaction_throughput", "64MiB/s", "memtable_cleanup_threshold", "0.11"),
                N2, Map.of("compaction_throughput_mb_per_sec", "64", "memtable_cleanup_threshold", "0.1100000001"),
                N3, Map.of("compaction_throughput", "65536KiB/s", "memtable_cleanup_threshold", "0.11")));
        assertThat(r.drifted()).isEmpty();
        assertThat(r.hasDrift()).isFalse();
    }

    @Test
    void aKnobANodeDidNotReportIsUnknownThereNotDrift() {
        DriftReport r = drift.detect(Map.of(
                N1, Map.of("concurrent_reads", "32", "trickle_fsync", "true"),
                N2, Map.of("concurrent_reads", "32")));
        assertThat(r.drifted()).isEmpty();
        assertThat(r.unreported().get(N2)).contains(KnobName.of("trickle_fsync")).doesNotContain(KnobName.of("concurrent_reads"));
        assertThat(r.unreported().get(N1)).doesNotContain(KnobName.of("trickle_fsync"), KnobName.of("concurrent_reads"));
    }

    @Test
    void driftAmongTheNodesThatReportedNamesTheOnesThatDidNot() {
        DriftReport r = drift.detect(Map.of(
                N1, Map.of("commitlog_sync", "periodic"),
                N2, Map.of("commitlog_sync", "batch"),
                N3, Map.of()));
        assertThat(r.drifted()).singleElement().satisfies(d -> {
            assertThat(d.values()).containsOnlyKeys(N1, N2);
            assertThat(d.unknownOn()).containsExactly(N3);
        });
        assertThat(r.unreported().get(N3)).hasSize(KnobCatalog.cassandra50().knobs(Scope.NODE).size());
    }

    @Test
    void unparseableValuesAreComparedAsTextAndNonNodeOrUnknownNamesAreIgnored() {
        Map<String, String> one = new LinkedHashMap<>();
        one.put("concurrent_reads", "lots");
        one.put("bloom_filter_fp_chance", "0.01");
        one.put("no_such_setting", "1");
        DriftReport same = drift.detect(Map.of(N1, one, N2, Map.of("concurrent_reads", " lots ",
                "bloom_filter_fp_chance", "0.1", "no_such_setting", "2")));
        assertThat(same.drifted()).isEmpty();
        DriftReport differ = drift.detect(Map.of(N1, one, N2, Map.of("concurrent_reads", "32")));
        assertThat(differ.drifted()).extracting(KnobDrift::knob).containsExactly(KnobName.of("concurrent_reads"));
    }

    @Test
    void oneNodeOrNoneHasNoDrift() {
        assertThat(drift.detect(Map.of(N1, Map.of("concurrent_reads", "32"))).hasDrift()).isFalse();
        assertThat(drift.detect(Map.of()).nodes()).isEmpty();
    }
}
