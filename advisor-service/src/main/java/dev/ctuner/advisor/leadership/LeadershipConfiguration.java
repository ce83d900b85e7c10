package dev.ctuner.advisor.leadership;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.integration.support.leader.LockRegistryLeaderInitiator;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The election among advisor replicas sharing one database: Spring Integration's JDBC lock registry
 * (table {@code ctuner_lock}) and its {@code LockRegistryLeaderInitiator}, which keeps one replica
 * holding the lock at a time and renews it every heartbeat.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LeadershipProperties.class)
public class LeadershipConfiguration {

    @Bean
    DefaultLockRepository ctunerLockRepository(DataSource dataSource, PlatformTransactionManager transactions) {
        DefaultLockRepository repository = new DefaultLockRepository(dataSource);
        repository.setPrefix("CTUNER_");
        repository.setRegion("ctuner-advisor");
        repository.setTransactionManager(transactions);
        return repository;
    }

    @Bean
    JdbcLockRegistry ctunerLockRegistry(DefaultLockRepository repository, LeadershipProperties properties) {
        return new JdbcLockRegistry(repository, properties.leaseTtl());
    }

    @Bean
    Leadership leadership(JdbcTemplate jdbc, PlatformTransactionManager transactions, LeadershipProperties properties, Clock clock) {
        return new Leadership(replicaId(properties), LeadershipStore.jdbc(jdbc, new TransactionTemplate(transactions)),
                properties.leaseTtl(), clock);
    }

    @Bean
    LockRegistryLeaderInitiator leaderInitiator(JdbcLockRegistry registry, Leadership leadership, LeadershipProperties properties) {
        LockRegistryLeaderInitiator initiator = new LockRegistryLeaderInitiator(
                new ConfirmingLockRegistry(registry, leadership::confirmed), leadership);
        initiator.setHeartBeatMillis(properties.heartbeat().toMillis());
        initiator.setBusyWaitMillis(Math.max(50, properties.heartbeat().toMillis() / 2));
        initiator.setPublishFailedEvents(false);
        return initiator;
    }

    /** UP on every replica; the details say whether this one leads, and who does. */
    @Bean
    HealthIndicator leadershipHealthIndicator(Leadership leadership) {
        return () -> {
            Health.Builder health = Health.up().withDetail("replica", leadership.replicaId())
                    .withDetail("leader", leadership.isLeader());
            leadership.epoch().ifPresent(epoch -> health.withDetail("epoch", epoch));
            leadership.leader().ifPresent(l -> health.withDetail("leaderReplica", l.replica()).withDetail("leaderEpoch", l.epoch())
                    .withDetail("leaderSince", l.since().toString()));
            return health.build();
        };
    }

    static String replicaId(LeadershipProperties properties) {
        if (properties.replicaId() != null && !properties.replicaId().isBlank()) {
            return properties.replicaId().strip();
        }
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "advisor";
        }
        return host + "-" + ManagementFactory.getRuntimeMXBean().getPid();
    }
}
