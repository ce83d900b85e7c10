package dev.ctuner.advisor.ring;

import dev.ctuner.advisor.core.safety.ConsistencyLevel;
import dev.ctuner.advisor.core.safety.ConsistencySettings;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.bind.Name;
import org.springframework.validation.annotation.Validated;

/**
 * The consistency level each keyspace's applications use, under {@code ctuner.advisor.consistency}.
 * Cassandra cannot tell which level its clients use (they choose one per request), so the operator
 * says it; a rollout keeps that many replicas of every range live.
 *
 * <pre>
 * ctuner.advisor.consistency.default: LOCAL_QUORUM
 * ctuner.advisor.consistency.keyspaces.audit: ONE
 * ctuner.advisor.consistency.ignored-keyspaces: [system_traces]
 * </pre>
 *
 * @param defaultLevel the level of every keyspace without an entry in {@code keyspaces} (LOCAL_QUORUM,
 *        the level most applications use). Blank: no level is assumed, and a keyspace with more than one
 *        replica and no entry makes every restart rollout refuse, naming the keyspace
 * @param keyspaces keyspace → level, winning over the default. A keyspace with one replica in all needs
 *        that replica whatever the level: a restart of its node makes its data unavailable, so the
 *        rollout is refused (unless aggressive) whatever is set here; raise its RF or ignore it
 * @param ignoredKeyspaces keyspaces whose availability a rollout does not keep. Default
 *        {@code system_traces} only: Cassandra writes traces at ONE/ANY and a lost trace is no outage.
 *        Not ignored by default, on purpose: {@code system_auth} (RF 1 in a stock cluster, SimpleStrategy;
 *        with PasswordAuthenticator, logins of roles whose row is on a restarting node fail once the
 *        role caches expire, so Cassandra's own advice is to raise its RF; with AllowAllAuthenticator it
 *        is never read and may be listed here) and {@code system_distributed} (RF 3, repair history and
 *        view build status, held to the default level). LocalStrategy keyspaces ({@code system},
 *        {@code system_schema}) need no entry: no other node serves their data
 */
@Validated
@ConfigurationProperties("ctuner.advisor.consistency")
public record ConsistencyProperties(
        @Name("default") @DefaultValue("LOCAL_QUORUM") String defaultLevel,
        @DefaultValue Map<String, ConsistencyLevel> keyspaces,
        @DefaultValue("system_traces") List<String> ignoredKeyspaces) {

    public ConsistencyProperties {
        keyspaces = keyspaces == null ? Map.of() : Map.copyOf(keyspaces);
        ignoredKeyspaces = ignoredKeyspaces == null ? List.of() : List.copyOf(ignoredKeyspaces);
        level(defaultLevel); // fail at startup, naming the setting, rather than at the first rollout
    }

    public ConsistencySettings toSettings() {
        return new ConsistencySettings(level(defaultLevel), keyspaces, new LinkedHashSet<>(ignoredKeyspaces));
    }

    private static Optional<ConsistencyLevel> level(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ConsistencyLevel.valueOf(text.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ctuner.advisor.consistency.default must be blank or one of "
                    + List.of(ConsistencyLevel.values()) + " but was '" + text + "'");
        }
    }
}
