package dev.ctuner.advisor.leadership;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionOperations;

/** The leader's epoch and name in the database (table {@code leadership}, one row). */
public interface LeadershipStore {

    /** Who leads, as the database says. */
    record Leader(long epoch, String replica, Instant since) {
    }

    /** Raises the epoch and names {@code replica} the leader; returns the new epoch. Call only while holding the lease. */
    long takeOver(String replica, Instant now);

    Optional<Leader> current();

    static LeadershipStore jdbc(JdbcTemplate jdbc, TransactionOperations transactions) {
        return new Jdbc(jdbc, transactions);
    }

    /** The table {@code leadership} through JDBC. */
    record Jdbc(JdbcTemplate jdbc, TransactionOperations transactions) implements LeadershipStore {

        @Override
        public long takeOver(String replica, Instant now) {
            return transactions.execute(status -> {
                jdbc.update("update leadership set epoch = epoch + 1, replica = ?, since = ? where id = 1", replica, Timestamp.from(now));
                return jdbc.queryForObject("select epoch from leadership where id = 1", Long.class);
            });
        }

        @Override
        public Optional<Leader> current() {
            return jdbc.query("select epoch, replica, since from leadership where id = 1 and replica is not null",
                    (rs, i) -> new Leader(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant())).stream().findFirst();
        }
    }
}
