package dev.ctuner.advisor.observation;

import static dev.ctuner.advisor.store.ObservationSamples.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.StoreDatabase;
import dev.ctuner.common.protocol.ClusterId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The retention in the database (H2 and PostgreSQL), and the validation of its setting. */
class ObservationRetentionTest {

    static final Instant NOW = Instant.parse("2026-12-15T12:00:00Z");
    static final ClusterId PROD = new ClusterId("prod");

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StoreDatabase.class)
    void samplesOlderThanTheRetentionAreDeletedAndCounted(StoreDatabase database) {
        ObservationStore store = new ObservationStore(JdbcClient.create(database.migrated(dir)));
        store.record(sample("prod", "n1", NOW.minus(Duration.ofDays(15)), 1, 1));
        store.record(sample("prod", "n2", NOW.minus(Duration.ofDays(14)).minusSeconds(31), 1, 1));  // ended 1 s too early
        store.record(sample("prod", "n1", NOW.minus(Duration.ofDays(14)).minusSeconds(30), 1, 1));  // ends right at the cutoff
        store.record(sample("prod", "n1", NOW.minus(Duration.ofDays(1)), 1, 1));
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRetention retention = new ObservationRetention(store, Duration.ofDays(14), Clock.fixed(NOW, ZoneOffset.UTC),
                meters);

        assertThat(retention.purgeOnce()).isEqualTo(2);
        assertThat(store.samples(PROD, Optional.empty(), Instant.EPOCH, NOW, 10)).hasSize(2);
        assertThat(retention.purgeOnce()).isZero();
        assertThat(meters.get("ctuner.observations.purged").counter().count()).isEqualTo(2.0);
        assertThat(meters.get("ctuner.observations.purge").timer().count()).isEqualTo(2);
        retention.close();
    }

    @Test
    void aRetentionThatIsNotPositiveIsRefused() {
        assertThatThrownBy(() -> new ObservationRetention(null, Duration.ZERO, Clock.systemUTC(), new SimpleMeterRegistry()))
                .hasMessageContaining("retention must be positive");
        ApplicationContextRunner runner = new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class);
        runner.withPropertyValues("ctuner.advisor.observations.retention=0s")
                .run(ctx -> assertThat(ctx).getFailure().rootCause().hasMessageContaining("retention must be positive"));
        runner.withPropertyValues("ctuner.advisor.observations.retention=-1d")
                .run(ctx -> assertThat(ctx).hasFailed());
        runner.withPropertyValues("ctuner.advisor.observations.series-step=1500ms")
                .run(ctx -> assertThat(ctx).getFailure().rootCause().hasMessageContaining("series-step"));
        runner.run(ctx -> assertThat(ctx.getBean(ObservationProperties.class).retention()).isEqualTo(Duration.ofDays(14)));
    }

    @EnableConfigurationProperties(ObservationProperties.class)
    static class PropertiesOnly {
    }
}
