package dev.ctuner.advisor.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.common.protocol.ClusterId;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The grouped counts behind the advisor's metrics, against an H2 database migrated by Flyway as in production. */
class FleetCountsTest {

    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");

    @TempDir
    Path dir;
    private JdbcClient jdbc;
    private FleetCounts counts;

    @BeforeEach
    void migrate() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:file:" + dir.resolve("advisor").toAbsolutePath());
        dataSource.setUser("sa");
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        jdbc = JdbcClient.create(dataSource);
        counts = new FleetCounts(jdbc);
    }

    private String recommendation(String cluster, String state) {
        String id = UUID.randomUUID().toString();
        jdbc.sql("""
                insert into recommendation (id, cluster_id, state, origin, note, cost_tier, created_at, updated_at, version)
                values (:id, :cluster, :state, 'ADVISOR', '', 'LIVE', :at, :at, 0)""")
                .param("id", id).param("cluster", cluster).param("state", state).param("at", T0.atOffset(ZoneOffset.UTC)).update();
        return id;
    }

    private void rollout(String recommendation, String state) {
        jdbc.sql("""
                insert into rollout (id, recommendation_id, state, current_round, total_rounds, plan_method, aggressive, created_at,
                                     updated_at, version)
                values (:id, :rec, :state, 0, 3, 'EXACT', false, :at, :at, 0)""")
                .param("id", UUID.randomUUID().toString()).param("rec", recommendation).param("state", state)
                .param("at", T0.atOffset(ZoneOffset.UTC)).update();
    }

    private void verification(String recommendation, String cluster, String verdict, Boolean missed, Double predicted, Instant at) {
        jdbc.sql("""
                insert into change_verification (recommendation_id, cluster_id, verdict, predicted_gain, realized_gain, missed_prediction,
                                                 windows_before, windows_after, verified_at, detail)
                values (:rec, :cluster, :verdict, :predicted, 0.05, :missed, 6, 6, :at, '')""")
                .param("rec", recommendation).param("cluster", cluster).param("verdict", verdict).param("predicted", predicted)
                .param("missed", missed).param("at", at.atOffset(ZoneOffset.UTC)).update();
    }

    @Test
    void countsAreGroupedPerClusterAndTheLatestVerificationAndDecisionArePerCluster() {
        String a = recommendation("prod", "VERIFIED");
        String b = recommendation("prod", "ROLLED_BACK");
        String c = recommendation("prod", "VETTED");
        String d = recommendation("dev", "VERIFIED");
        rollout(a, "SUCCEEDED");
        rollout(b, "ROLLED_BACK");
        rollout(b, "FAILED");
        rollout(d, "SUCCEEDED");
        verification(a, "prod", "BETTER", false, 0.1, T0);
        verification(b, "prod", "WORSE", true, null, T0.plusSeconds(60));
        verification(d, "dev", "INSUFFICIENT_DATA", null, 0.2, T0);
        TuningLoopStore loops = new TuningLoopStore(jdbc);
        loops.ensure(new ClusterId("prod"), ApprovalPolicy.manual(), T0);
        loops.record(new ClusterId("prod"), T0, LoopDecision.Outcome.PROPOSED, "first", UUID.fromString(c), null);
        loops.record(new ClusterId("prod"), T0.plusSeconds(5), LoopDecision.Outcome.HELD, "then", null, null);

        assertThat(counts.recommendations()).isEqualTo(Map.of("prod", Map.of("VERIFIED", 1, "ROLLED_BACK", 1, "VETTED", 1),
                "dev", Map.of("VERIFIED", 1)));
        assertThat(counts.rollouts()).isEqualTo(Map.of("prod", Map.of("SUCCEEDED", 1, "ROLLED_BACK", 1, "FAILED", 1),
                "dev", Map.of("SUCCEEDED", 1)));
        assertThat(counts.verifications()).isEqualTo(Map.of("prod", Map.of("BETTER", 1, "WORSE", 1), "dev", Map.of("INSUFFICIENT_DATA", 1)));
        assertThat(counts.predictionHealth().get("prod")).containsExactly(2, 1);
        assertThat(counts.predictionHealth()).as("a verification without a prediction to compare is left out").doesNotContainKey("dev");
        FleetCounts.LastVerification last = counts.lastVerifications().get("prod");
        assertThat(last.verdict()).isEqualTo("WORSE");
        assertThat(last.predictedGain()).isEmpty();
        assertThat(last.realizedGain()).hasValue(0.05);
        assertThat(counts.lastDecisions().get("prod")).isEqualTo(new FleetCounts.LastDecision("HELD", T0.plusSeconds(5)));
        assertThat(counts.lastDecisions()).doesNotContainKey("dev");
    }
}
