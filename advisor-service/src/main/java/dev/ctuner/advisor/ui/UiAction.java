package dev.ctuner.advisor.ui;

import dev.ctuner.common.catalog.ApplyMode;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every action the UI offers, with what its confirmation page says will happen. The wording is the
 * contract with the operator: it names what moves, what restarts and what can be undone.
 *
 * <pre>{@code
 * UiAction.find(UiAction.Target.ROLLOUT, "rollback").get().consequence(ApplyMode.RESTART);
 * }</pre>
 */
public enum UiAction {

    LOOP_PAUSE(Target.LOOP, "pause", "Pause the tuning loop", "Pause the loop", false,
            "The loop stops proposing and approving changes for this cluster until an operator resumes it. "
                    + "Rollouts already running go on; pause them on their own pages.", null),
    LOOP_RESUME(Target.LOOP, "resume", "Resume the tuning loop", "Resume the loop", false,
            "The loop decides again at its next tick: it may propose changes, and under an automatic policy "
                    + "approve them within the policy's limits.", null),
    APPROVE(Target.RECOMMENDATION, "approve", "Approve the recommendation", "Approve", false,
            "The recommendation becomes APPROVED. Approval alone changes no node: a rollout applies it "
                    + "(started on its page or through the API; the tuning loop rolls out its own proposals).", "When rolled out: "),
    REJECT(Target.RECOMMENDATION, "reject", "Reject the recommendation", "Reject", true,
            "The recommendation becomes REJECTED, a final state: it can never be rolled out. Nothing changes on "
                    + "the nodes.", null),
    ROLLOUT_PAUSE(Target.ROLLOUT, "pause", "Pause the rollout", "Pause the rollout", false,
            "No further command is sent. A node whose command is already on its way finishes that step. Resume "
                    + "continues where it stopped; roll back or abort are possible while paused.", null),
    ROLLOUT_RESUME(Target.ROLLOUT, "resume", "Resume the rollout", "Resume the rollout", false,
            "The rollout continues with the next node, behind the same pre-checks (every replica healthy, no "
                    + "streaming, hints delivered).", "Each node changed from now on: "),
    ABORT(Target.ROLLOUT, "abort", "Abort the rollout", "Abort the rollout", true,
            "Stops the rollout for good: nodes not yet started are skipped and the recommendation becomes FAILED. "
                    + "Nodes already changed keep the change until you roll back.", null),
    ROLLBACK(Target.ROLLOUT, "rollback", "Roll back the rollout", "Roll back", true,
            "Rolls back every node this rollout changed, one at a time, last round first, by re-applying the "
                    + "values each node reported before the change. Nodes not yet started are skipped.", null);

    /** What an action acts on. */
    public enum Target { LOOP, RECOMMENDATION, ROLLOUT }

    private final Target target;
    private final String path;
    private final String title;
    private final String button;
    private final boolean dangerous;
    private final String consequence;
    private final String tierPrefix;

    UiAction(Target target, String path, String title, String button, boolean dangerous, String consequence,
             String tierPrefix) {
        this.target = target;
        this.path = path;
        this.title = title;
        this.button = button;
        this.dangerous = dangerous;
        this.consequence = consequence;
        this.tierPrefix = tierPrefix;
    }

    public static Optional<UiAction> find(Target target, String path) {
        return Arrays.stream(values()).filter(a -> a.target == target && a.path.equals(path)).findFirst();
    }

    public String path() {
        return path;
    }

    public String title() {
        return title;
    }

    public String button() {
        return button;
    }

    public boolean dangerous() {
        return dangerous;
    }

    /** What will happen, including what the change's cost tier does to the nodes when that matters. */
    public String consequence(ApplyMode tier) {
        if (this == ROLLBACK && tier == ApplyMode.RESTART) {
            return consequence.replace("one at a time,", "one at a time; each restarts,");
        }
        if (tierPrefix == null || tier == null) {
            return consequence;
        }
        return consequence + " " + tierPrefix + UiFormat.tierMeaningOf(tier) + ".";
    }
}
