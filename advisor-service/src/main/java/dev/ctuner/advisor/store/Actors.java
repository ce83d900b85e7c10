package dev.ctuner.advisor.store;

import java.util.Set;

/**
 * The actors the advisor itself writes into audit records, as opposed to people's user names: the
 * tuning loop, the rollout orchestrator, vetting. The audit log marks their entries as automatic.
 *
 * <pre>{@code
 * Actors.isAutomatic("tuning-loop");   // true
 * Actors.isAutomatic("alice");         // false
 * }</pre>
 */
public final class Actors {

    /** What the tuning loop does by itself: proposals, approvals within the policy, rollouts it starts. */
    public static final String TUNING_LOOP = "tuning-loop";
    /** The rollout driver's own moves: a node applied, a canary failed, a rollout finished. */
    public static final String ORCHESTRATOR = "orchestrator";
    /** Vetting's verdict on a new recommendation. */
    public static final String VETTING = "vetting";

    public static final Set<String> AUTOMATIC = Set.of(TUNING_LOOP, ORCHESTRATOR, VETTING);

    private Actors() {
    }

    public static boolean isAutomatic(String actor) {
        return AUTOMATIC.contains(actor);
    }
}
