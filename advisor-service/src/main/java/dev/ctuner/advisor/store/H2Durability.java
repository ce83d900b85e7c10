package dev.ctuner.advisor.store;

import com.zaxxer.hikari.HikariDataSource;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Makes an H2 file database write every commit to its file before the commit returns.
 *
 * <p>By default H2 keeps commits in memory for up to half a second ({@code WRITE_DELAY}); a killed
 * advisor then forgets them, and a rollout step recorded as "command sent" comes back PENDING,
 * so the node would be sent a second command and restarted twice. Measured on H2 2.4.240: 50
 * autocommitted inserts followed by {@code Runtime.halt} kept 0 of 50 rows by default and 50 of 50
 * with {@code WRITE_DELAY 0}. The setting stored in the database is not applied when the file is
 * opened, so it is set on every new connection ({@code connectionInitSql}), whatever URL the
 * operator configured. Other databases are left alone.
 */
public final class H2Durability implements BeanPostProcessor {

    private static final Logger log = LoggerFactory.getLogger(H2Durability.class);
    static final String INIT_SQL = "SET WRITE_DELAY 0";

    @Override
    public Object postProcessBeforeInitialization(Object bean, String beanName) {
        if (bean instanceof HikariDataSource hikari && isH2File(hikari.getJdbcUrl())) {
            if (hikari.getConnectionInitSql() == null || hikari.getConnectionInitSql().isBlank()) {
                hikari.setConnectionInitSql(INIT_SQL);
                log.info("H2 file database: every commit is written to the file before it returns ({})", INIT_SQL);
            } else {
                log.warn("H2 file database with its own connection-init-sql '{}': make sure it includes {}, or a killed"
                        + " advisor can forget its last commits", hikari.getConnectionInitSql(), INIT_SQL);
            }
        }
        return bean;
    }

    /** An H2 database kept in a file (not in memory, not a TCP server the advisor does not own). */
    static boolean isH2File(String url) {
        if (url == null) {
            return false;
        }
        String u = url.toLowerCase(Locale.ROOT);
        return u.startsWith("jdbc:h2:") && !u.startsWith("jdbc:h2:mem:") && !u.startsWith("jdbc:h2:tcp:")
                && !u.startsWith("jdbc:h2:ssl:");
    }
}
