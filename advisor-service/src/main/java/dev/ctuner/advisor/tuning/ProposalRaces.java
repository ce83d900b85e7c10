package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.core.vetting.RaceEvidence;
import dev.ctuner.common.protocol.ClusterId;
import java.util.Map;

/**
 * Races the tuning loop's proposal on an experiment node before it is vetted, where the change's cost
 * tier needs a race ({@code ctuner.advisor.vetting.race-required-for}): one race per change, started
 * the first time the loop would propose it, its evidence given to vetting once it is over.
 */
public interface ProposalRaces {

    /** Whether an experiment node is there to race on; without one, changes that need a race are not proposed. */
    boolean available();

    /** Where the race of {@code pick} against {@code current} stands, starting it if there is none. */
    Status race(ClusterId cluster, Map<String, String> current, Map<String, String> pick);

    /** Where a proposal's race stands. */
    sealed interface Status {
        /** Running; {@code detail} names the race and its progress. */
        record Racing(String detail) implements Status {
        }

        /** Over: what it says of the pick. */
        record Raced(RaceEvidence evidence, String summary) implements Status {
        }

        /** No experiment node is configured: vetting goes on without a race (and refuses what needs one). */
        record Unavailable() implements Status {
        }

        /** Ended without an outcome (stopped or cancelled). */
        record Ended(String detail) implements Status {
        }
    }
}
