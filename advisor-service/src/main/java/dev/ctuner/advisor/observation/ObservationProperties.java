package dev.ctuner.advisor.observation;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How long workload samples are kept and how they are read, under {@code ctuner.advisor.observations}.
 *
 * <pre>
 * ctuner.advisor.observations.retention: 14d
 * ctuner.advisor.observations.series-step: 30s
 * </pre>
 *
 * @param retention samples whose window ended longer ago than this are deleted
 * @param purgeInterval how often the retention runs (also once at start)
 * @param seriesStep the default step of a cluster's series (the sidecars' sampling window T_d)
 * @param driftMaxAge nodes whose latest sample ended longer than this before the cluster's newest one are left
 *        out of the drift comparison (a node that stopped reporting, e.g. one that was removed)
 */
@Validated
@ConfigurationProperties("ctuner.advisor.observations")
public record ObservationProperties(
        @DefaultValue("14d") @NotNull Duration retention,
        @DefaultValue("1h") @NotNull Duration purgeInterval,
        @DefaultValue("30s") @NotNull Duration seriesStep,
        @DefaultValue("15m") @NotNull Duration driftMaxAge) {

    @AssertTrue(message = "retention must be positive")
    boolean isRetentionPositive() {
        return retention == null || (!retention.isNegative() && !retention.isZero());
    }

    @AssertTrue(message = "purge-interval must be at least 1s")
    boolean isPurgeIntervalValid() {
        return purgeInterval == null || purgeInterval.toMillis() >= 1000;
    }

    @AssertTrue(message = "series-step must be a whole number of seconds, at least 1s")
    boolean isSeriesStepValid() {
        return seriesStep == null || (seriesStep.toMillis() >= 1000 && seriesStep.toMillis() % 1000 == 0);
    }

    @AssertTrue(message = "drift-max-age must be positive")
    boolean isDriftMaxAgePositive() {
        return driftMaxAge == null || (!driftMaxAge.isNegative() && !driftMaxAge.isZero());
    }
}
