package dev.ctuner.advisor.leadership;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.store.StoreDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.integration.support.leader.LockRegistryLeaderInitiator;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Two replicas electing a leader through the real lease table on H2 and on PostgreSQL, wired as the
 * advisor wires them (lease 2 s, heartbeat 200 ms). The leader loses its database (every connection
 * refused, as a crash or a partition would look to it): it stops acting at once, and the other takes
 * the lease once it expires, with a higher epoch. At no sample are both leaders.
 */
@ParameterizedClass
@EnumSource(StoreDatabase.class)
class LeadershipElectionTest {

    private static final Duration TTL = Duration.ofSeconds(2);

    @TempDir
    Path dir;
    private final StoreDatabase database;
    private final List<LockRegistryLeaderInitiator> initiators = new ArrayList<>();

    LeadershipElectionTest(StoreDatabase database) {
        this.database = database;
    }

    /** A replica's view of the shared database, which the test can cut off. */
    static final class Cuttable extends DelegatingDataSource {
        final AtomicBoolean cut = new AtomicBoolean();

        Cuttable(DataSource target) {
            super(target);
        }

        @Override
        public Connection getConnection() throws SQLException {
            if (cut.get()) {
                throw new SQLException("connection refused (cut off by the test)");
            }
            return super.getConnection();
        }
    }

    private Leadership replica(String name, DataSource dataSource) {
        DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource);
        DefaultLockRepository repository = new DefaultLockRepository(dataSource);
        repository.setPrefix("CTUNER_");
        repository.setRegion("ctuner-advisor");
        repository.setTransactionManager(transactions);
        repository.afterPropertiesSet();
        repository.afterSingletonsInstantiated();
        Leadership leadership = new Leadership(name, LeadershipStore.jdbc(new JdbcTemplate(dataSource), new TransactionTemplate(transactions)),
                TTL, Clock.systemUTC());
        LockRegistryLeaderInitiator initiator = new LockRegistryLeaderInitiator(
                new ConfirmingLockRegistry(new JdbcLockRegistry(repository, TTL), leadership::confirmed), leadership);
        initiator.setHeartBeatMillis(200);
        initiator.setBusyWaitMillis(100);
        initiator.setPublishFailedEvents(false);
        initiator.start();
        initiators.add(initiator);
        return leadership;
    }

    private DataSource shared;

    @AfterEach
    void stop() throws InterruptedException {
        initiators.forEach(LockRegistryLeaderInitiator::stop);
        Thread.sleep(500);   // the election threads end their last database call
        if (database == StoreDatabase.H2 && shared != null) {
            new JdbcTemplate(shared).execute("SHUTDOWN");   // closes the file, so that the temporary directory can go
        }
    }

    @Test
    void oneLeadsAndWhenItLosesTheDatabaseTheOtherTakesOverWithAHigherEpochNeverBothAtOnce() throws Exception {
        shared = database.migrated(dir);
        Cuttable toA = new Cuttable(shared);
        Leadership a = replica("advisor-a", toA);
        awaitLeader(a, Duration.ofSeconds(10));
        Leadership b = replica("advisor-b", new Cuttable(shared));
        long epochA = a.epoch().orElseThrow();
        Thread.sleep(1_000);
        assertThat(b.isLeader()).as("the lease is taken").isFalse();
        assertThat(b.leader()).hasValueSatisfying(l -> assertThat(l.replica()).isEqualTo("advisor-a"));

        toA.cut.set(true);
        Instant cutAt = Instant.now();
        Instant aStopped = null;
        Instant bLeads = null;
        while (bLeads == null && Duration.between(cutAt, Instant.now()).compareTo(Duration.ofSeconds(15)) < 0) {
            boolean leaderA = a.isLeader();
            boolean leaderB = b.isLeader();
            assertThat(leaderA && leaderB).as("two leaders at once").isFalse();
            if (!leaderA && aStopped == null) {
                aStopped = Instant.now();
            }
            if (leaderB) {
                bLeads = Instant.now();
            }
            Thread.sleep(20);
        }
        assertThat(aStopped).as("the cut-off leader stopped acting").isNotNull();
        assertThat(Duration.between(cutAt, aStopped)).isLessThanOrEqualTo(TTL.dividedBy(2).plusMillis(500));
        assertThat(bLeads).as("the other replica took over").isNotNull();
        assertThat(Duration.between(cutAt, bLeads)).as("within the lease's time to live and a little")
                .isLessThanOrEqualTo(TTL.plusSeconds(3));
        assertThat(b.epoch()).hasValue(epochA + 1);
        assertThat(b.leader()).hasValueSatisfying(l -> assertThat(l.replica()).isEqualTo("advisor-b"));
    }

    private static void awaitLeader(Leadership leadership, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (!leadership.isLeader() && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
        }
        assertThat(leadership.isLeader()).as(leadership.replicaId() + " leads within " + timeout).isTrue();
    }
}
