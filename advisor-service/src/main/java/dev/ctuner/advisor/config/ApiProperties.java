package dev.ctuner.advisor.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of the REST API under {@code ctuner.advisor.api}.
 *
 * <pre>
 * ctuner.advisor.api.max-body-size: 64KB
 * </pre>
 *
 * @param maxBodySize the largest request body {@code /api/**} reads; a larger one is refused with 413 before
 *        it is parsed, whether it announces its length or is sent in chunks. The default holds a plan request
 *        of about 1,000 forecast steps; raise it for longer forecasts (a plan request may have up to 10,000).
 */
@ConfigurationProperties("ctuner.advisor.api")
public record ApiProperties(@DefaultValue("64KB") DataSize maxBodySize) {

    public ApiProperties {
        if (maxBodySize.toBytes() < 1024) {
            throw new IllegalArgumentException("ctuner.advisor.api.max-body-size must be at least 1KB, not " + maxBodySize);
        }
    }
}
