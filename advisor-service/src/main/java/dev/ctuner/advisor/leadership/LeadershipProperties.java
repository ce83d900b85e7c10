package dev.ctuner.advisor.leadership;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Which advisor replica leads, under {@code ctuner.advisor.leadership}. Replicas that share one
 * database elect one leader through a lease in it; only the leader runs the tuning loops and the
 * rollouts and sends commands. One replica alone takes the lease at start.
 *
 * @param replicaId this replica's name in the lease, health and the UI; by default the host name and the process id
 * @param leaseTtl how long the lease holds without renewal: after a leader dies, another replica takes over within about
 *        this long; a leader that could not renew for half of it stops acting
 * @param heartbeat how often the leader renews the lease and the others try to take it
 */
@Validated
@ConfigurationProperties("ctuner.advisor.leadership")
public record LeadershipProperties(
        String replicaId,
        @DefaultValue("10s") @NotNull Duration leaseTtl,
        @DefaultValue("1s") @NotNull Duration heartbeat) {

    public LeadershipProperties {
        if (leaseTtl != null && heartbeat != null && heartbeat.multipliedBy(3).compareTo(leaseTtl) > 0) {
            throw new IllegalArgumentException("ctuner.advisor.leadership.heartbeat (" + heartbeat + ") must be at most a third of"
                    + " lease-ttl (" + leaseTtl + "), so that the leader renews the lease several times before it runs out");
        }
    }
}
