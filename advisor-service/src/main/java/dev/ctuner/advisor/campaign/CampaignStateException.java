package dev.ctuner.advisor.campaign;

/** What was asked of a campaign is not allowed in its state (cancelling one that ended, say). */
public final class CampaignStateException extends RuntimeException {

    public CampaignStateException(String message) {
        super(message);
    }
}
