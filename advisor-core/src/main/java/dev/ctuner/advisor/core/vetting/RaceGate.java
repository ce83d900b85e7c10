package dev.ctuner.advisor.core.vetting;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A recommendation that only looks good in the model never ships: a candidate with a predicted gain
 * (the surrogate's) must also have won a race on a real node against the current configuration
 * (issue 9): it survived, and the current configuration was dropped as significantly worse. An
 * operator's own submission carries no prediction and is held to this gate only when it brings race
 * evidence of its own. The policy names the cost tiers that need the race
 * ({@link VettingPolicy#raceRequiredFor()}); the tier of a candidate comes from {@code tiers}.
 *
 * <pre>{@code
 * new RaceGate(new CostTierGate(catalog)).check(candidate, policy);   // [] when the race says the pick beats the current configuration
 * }</pre>
 */
public final class RaceGate implements VettingGate {

    private final CostTierGate tiers;

    public RaceGate(CostTierGate tiers) {
        this.tiers = tiers;
    }

    @Override
    public List<GateFailure> check(Candidate candidate, VettingPolicy policy) {
        if (candidate.race().isEmpty()) {
            if (candidate.gain().isPresent() && !policy.raceRequiredFor().contains(tiers.tierOf(candidate))) {
                return List.of();
            }
            return candidate.gain().isEmpty() ? List.of() : List.of(new GateFailure("race", List.of(),
                    "a model's recommendation must first win a race against the current configuration on a real node "
                            + "(configure an experiment node: the advisor races the change there, docs/learning-loop.md); "
                            + "no race evidence given"));
        }
        RaceEvidence race = candidate.race().get();
        List<GateFailure> failures = new ArrayList<>();
        if (!race.survived()) {
            failures.add(new GateFailure("race", List.of(), String.format(Locale.ROOT, "dropped by the race on the node "
                    + "after %d instances (%d runs): measured significantly worse than another configuration", race.instances(),
                    race.experiments())));
        }
        if (!race.currentEliminated()) {
            failures.add(new GateFailure("race", List.of(), String.format(Locale.ROOT, "the current configuration survived the "
                    + "race on the node (%d instances, %d runs): no significant gain measured", race.instances(),
                    race.experiments())));
        }
        return failures;
    }
}
