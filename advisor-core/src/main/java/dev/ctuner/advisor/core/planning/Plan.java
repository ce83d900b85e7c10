package dev.ctuner.advisor.core.planning;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A reconfiguration plan (EUNOMIA Eq. 5, C^Δ = [T, C]) over a {@link PlanningInstance}: the candidate
 * in effect at every step, the switches it implies, and its Eq. 7 benefit and Eq. 8 loss.
 *
 * <pre>{@code
 * Plan p = new DpPlanner().plan(instance);
 * p.switches();   // [Switch[step=4, from=0, to=2]]
 * p.value();      // benefit − loss (EUNOMIA Eq. 6), in operations
 * }</pre>
 *
 * @param configByStep candidate index in effect at each step
 * @param switches     the reconfigurations, in step order
 * @param benefit      Σ_t H(W(t), C(t)) · T_d (Eq. 7)
 * @param loss         Σ_k H(W(t_k), C_k) · outage (Eq. 8)
 */
public record Plan(int[] configByStep, List<Switch> switches, double benefit, double loss) {

    /** Switch to candidate {@code to} at the start of {@code step}. */
    public record Switch(int step, int from, int to) {
    }

    public Plan {
        configByStep = configByStep.clone();
        switches = List.copyOf(switches);
    }

    @Override
    public int[] configByStep() {
        return configByStep.clone();
    }

    /** EUNOMIA Eq. 6 objective: B − L. */
    public double value() {
        return benefit - loss;
    }

    /**
     * Scores a sequence of candidates; empty when it breaks the spacing (a switch before the previous
     * one's spacing has passed, or before the initial cooldown).
     */
    public static Optional<Plan> evaluate(PlanningInstance p, int[] configs) {
        if (configs.length != p.steps()) {
            throw new IllegalArgumentException("a plan has one candidate per step: " + p.steps() + ", got " + configs.length);
        }
        int current = p.initial();
        int nextAllowed = p.initialCooldown();
        double benefit = 0;
        double loss = 0;
        List<Switch> switches = new ArrayList<>();
        for (int t = 0; t < configs.length; t++) {
            int c = configs[t];
            if (c != current) {
                if (t < nextAllowed) {
                    return Optional.empty();
                }
                loss += p.switchLoss(t, current, c);
                nextAllowed = t + p.spacingSteps()[current][c];
                switches.add(new Switch(t, current, c));
                current = c;
            }
            benefit += p.served(t, c);
        }
        return Optional.of(new Plan(configs, switches, benefit, loss));
    }

    /** The plan that never switches. */
    public static Plan stay(PlanningInstance p) {
        int[] configs = new int[p.steps()];
        java.util.Arrays.fill(configs, p.initial());
        return evaluate(p, configs).orElseThrow();
    }
}
