package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.ApplyMode;
import java.util.Objects;

/**
 * What the approval policy looks at in a proposal.
 *
 * <pre>{@code
 * new ProposalFacts(ApplyMode.LIVE, new GainEstimate(0.08, 0.02, 0.14), false);
 * }</pre>
 *
 * @param tier              the most expensive way any of its changes is applied
 * @param gain              predicted relative gain with its interval
 * @param outsideDataRegion whether the proposed point lies outside the data the model was trained on
 */
public record ProposalFacts(ApplyMode tier, GainEstimate gain, boolean outsideDataRegion) {

    public ProposalFacts {
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(gain, "gain");
    }
}
