package dev.ctuner.advisor.core.racing;

/**
 * Settings of iterated racing, with irace's defaults (irace package manual, "Scenario options";
 * López-Ibáñez et al. 2016, §3): first test after {@code firstTest} = 5 instances, then a test
 * after every {@code eachTest} = 1 instance, confidence 0.95, N_iter = ⌊2 + log2 N_param⌋
 * iterations, and a race stops once at most N_min = ⌊2 + log2 N_param⌋ candidates survive.
 *
 * <pre>{@code
 * RacingSettings s = RacingSettings.irace(500, 5);   // 4 iterations, N_min 4
 * s.withFirstTest(3);
 * }</pre>
 *
 * @param budget       total experiments (irace's {@code maxExperiments})
 * @param firstTest    instances before the first elimination test (T_first, {@code firstTest})
 * @param eachTest     instances between tests afterwards (T_each, {@code eachTest})
 * @param confidence   1 − α of the Friedman test and its post-hoc comparisons ({@code confidence})
 * @param iterations   planned iterations N_iter ({@code nbIterations})
 * @param minSurvivors N_min: a race stops once this few survive ({@code minNbSurvival})
 */
public record RacingSettings(int budget, int firstTest, int eachTest, double confidence, int iterations, int minSurvivors) {

    public RacingSettings {
        if (budget < 1 || firstTest < 2 || eachTest < 1 || iterations < 1 || minSurvivors < 1) {
            throw new IllegalArgumentException("need budget >= 1, firstTest >= 2, eachTest >= 1, iterations >= 1, "
                    + "minSurvivors >= 1; got " + budget + ", " + firstTest + ", " + eachTest + ", " + iterations + ", " + minSurvivors);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie in (0, 1), was " + confidence);
        }
    }

    /** irace's defaults for a budget and a number of tuned knobs. */
    public static RacingSettings irace(int budget, int knobs) {
        int n = (int) Math.floor(2 + Math.log(knobs) / Math.log(2));
        return new RacingSettings(budget, 5, 1, 0.95, n, n);
    }

    public double alpha() {
        return 1 - confidence;
    }

    public RacingSettings withFirstTest(int t) {
        return new RacingSettings(budget, t, eachTest, confidence, iterations, minSurvivors);
    }

    public RacingSettings withIterations(int n) {
        return new RacingSettings(budget, firstTest, eachTest, confidence, n, minSurvivors);
    }

    public RacingSettings withMinSurvivors(int n) {
        return new RacingSettings(budget, firstTest, eachTest, confidence, iterations, n);
    }

    public RacingSettings withConfidence(double c) {
        return new RacingSettings(budget, firstTest, eachTest, c, iterations, minSurvivors);
    }
}
