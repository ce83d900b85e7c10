package dev.ctuner.advisor.leadership;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.integration.leader.Candidate;
import org.springframework.integration.leader.Context;

/**
 * This replica's part in the election: Spring Integration's {@code LockRegistryLeaderInitiator} grants
 * and revokes leadership by a lease in the database; on each grant the epoch is raised in the
 * database, and commands carry it. Besides the library's revocation, the replica stops acting on its
 * own once the lease has not been confirmed for half its time to live: a leader whose database
 * calls hang stops before another replica can take the lease.
 *
 * <pre>{@code
 * if (leadership.isLeader()) { ... send with leadership.epoch() ... }
 * }</pre>
 */
public final class Leadership implements Candidate, LeaderGate {

    private static final Logger log = LoggerFactory.getLogger(Leadership.class);
    static final String ROLE = "ctuner-advisor";

    private final String replicaId;
    private final LeadershipStore store;
    private final Duration confirmWithin;
    private final Clock clock;
    private volatile boolean granted;
    private volatile long epoch;
    private volatile Instant confirmedAt = Instant.EPOCH;

    public Leadership(String replicaId, LeadershipStore store, Duration leaseTtl, Clock clock) {
        this.replicaId = replicaId;
        this.store = store;
        this.confirmWithin = leaseTtl.dividedBy(2);
        this.clock = clock;
    }

    @Override
    public String getRole() {
        return ROLE;
    }

    @Override
    public String getId() {
        return replicaId;
    }

    @Override
    public void onGranted(Context ctx) {
        Instant now = clock.instant();
        epoch = store.takeOver(replicaId, now);
        confirmedAt = now;
        granted = true;
        log.info("replica {} leads the advisor now, epoch {}", replicaId, epoch);
    }

    @Override
    public void onRevoked(Context ctx) {
        if (granted) {
            log.warn("replica {} no longer leads (epoch {}): it stops running loops and rollouts", replicaId, epoch);
        }
        granted = false;
    }

    /** The lease was renewed (or taken) just now. */
    void confirmed() {
        confirmedAt = clock.instant();
    }

    @Override
    public boolean isLeader() {
        return granted && Duration.between(confirmedAt, clock.instant()).compareTo(confirmWithin) < 0;
    }

    @Override
    public OptionalLong epoch() {
        return isLeader() ? OptionalLong.of(epoch) : OptionalLong.empty();
    }

    public String replicaId() {
        return replicaId;
    }

    /** Who leads according to the database (the last replica that took the lease, and since when). */
    public Optional<LeadershipStore.Leader> leader() {
        return store.current();
    }
}
