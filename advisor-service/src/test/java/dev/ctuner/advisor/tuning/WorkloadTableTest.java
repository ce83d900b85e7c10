package dev.ctuner.advisor.tuning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.message.ConfigurationSnapshot;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.Performance;
import dev.ctuner.common.protocol.message.TableOperations;
import dev.ctuner.common.protocol.message.WorkloadSample;
import dev.ctuner.advisor.store.ObservationSamples;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadTableTest {

    private static final WorkloadSample TEMPLATE = (WorkloadSample) ObservationSamples.sample("c", "n1", Instant.parse("2026-12-01T00:00:00Z"),
            10, 10).payload();

    private static WorkloadSample sample(TableOperations... tables) {
        Performance p = TEMPLATE.performance();
        KeyReuseSummary reuse = TEMPLATE.keyReuse();
        return new WorkloadSample(TEMPLATE.windowStart(), TEMPLATE.windowEnd(), new OperationCounts(1, 1, 0, 0, 0), 0.5, List.of(tables),
                p, reuse, new ConfigurationSnapshot(Map.of(), "sha256:0"), List.of());
    }

    private static TableOperations table(String keyspace, String table, long reads, long writes) {
        return new TableOperations(keyspace, table, new OperationCounts(reads, writes, 0, 0, 0), null);
    }

    @Test
    void theBusiestUserTableOverEveryNodesSamplesCarriesTheWorkload() {
        List<WorkloadSample> samples = List.of(
                sample(table("shop", "orders", 600, 100), table("shop", "users", 200, 0), table("system", "local", 5_000, 0)),
                sample(table("shop", "orders", 500, 100), table("shop", "users", 300, 0)));
        WorkloadTable t = WorkloadTable.of(samples, 0.5).orElseThrow();
        assertThat(t.name()).isEqualTo("shop.orders");
        assertThat(t.operations()).isEqualTo(1_300);
        assertThat(t.share()).isEqualTo(1_300 / 1_800.0);   // system keyspaces do not count
    }

    @Test
    void noTableWhenTheLoadIsSpreadOrThereIsNone() {
        assertThat(WorkloadTable.of(List.of(sample(table("a", "t1", 40, 0), table("a", "t2", 35, 0), table("a", "t3", 25, 0))), 0.5))
                .isEmpty();
        assertThat(WorkloadTable.of(List.of(sample(table("a", "t1", 40, 0), table("a", "t2", 35, 0), table("a", "t3", 25, 0))), 0.4))
                .hasValueSatisfying(t -> assertThat(t.name()).isEqualTo("a.t1"));
        assertThat(WorkloadTable.of(List.of(sample(table("system_auth", "roles", 10, 0))), 0.5)).isEmpty();
        assertThat(WorkloadTable.of(List.of(sample()), 0.5)).isEmpty();
        assertThat(WorkloadTable.of(List.of(sample(table("a", "t1", 40, 0))), 1.01)).as("above 1: never").isEmpty();
    }
}
