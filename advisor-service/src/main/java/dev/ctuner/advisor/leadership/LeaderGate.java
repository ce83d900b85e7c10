package dev.ctuner.advisor.leadership;

import java.util.OptionalLong;

/** Whether this replica may act now (run loops and rollouts, send commands), and with which epoch. */
public interface LeaderGate {

    /** A single advisor that elects no leader: always acts, commands carry no epoch. */
    LeaderGate ALONE = new LeaderGate() {
        @Override
        public boolean isLeader() {
            return true;
        }

        @Override
        public OptionalLong epoch() {
            return OptionalLong.empty();
        }
    };

    boolean isLeader();

    /** The epoch of this replica's leadership while it leads; empty when it does not (or elects none). */
    OptionalLong epoch();
}
