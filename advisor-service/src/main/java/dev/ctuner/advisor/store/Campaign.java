package dev.ctuner.advisor.store;

import dev.ctuner.advisor.campaign.CampaignSettings;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * An experiment campaign: its settings and design, where it stands, and why (when it ended otherwise than DONE).
 */
public record Campaign(UUID id, String name, State state, CampaignSettings settings, List<DesignPoint> design,
                       String createdBy, Instant createdAt, Instant updatedAt, Optional<String> detail, long version) {

    public Campaign {
        design = List.copyOf(design);
    }

    /** Where a campaign stands. */
    public enum State {
        /** Measuring; the leader sends its next experiment when the last one ended. */
        RUNNING,
        /** Every planned run is done. */
        DONE,
        /** It could not go on (its anchors kept failing, a node refused it); the detail says why. */
        STOPPED,
        /** An operator cancelled it; the experiment running then still ends and is kept. */
        CANCELLED;

        public boolean ended() {
            return this != RUNNING;
        }
    }
}
