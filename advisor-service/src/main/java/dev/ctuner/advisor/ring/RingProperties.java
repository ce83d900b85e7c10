package dev.ctuner.advisor.ring;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the advisor trusts the ring the sidecars report, under {@code ctuner.advisor.ring}.
 *
 * <pre>
 * ctuner.advisor.ring.max-report-age: 30s
 * </pre>
 *
 * @param maxReportAge a sidecar whose last heartbeat is older than this makes the ring incomplete: its node
 *        may have changed since, or its sidecar stopped (a few heartbeat intervals)
 */
@Validated
@ConfigurationProperties("ctuner.advisor.ring")
public record RingProperties(@DefaultValue("30s") @NotNull Duration maxReportAge) {
}
