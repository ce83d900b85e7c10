package dev.ctuner.advisor.core.learning;

import java.util.List;

/**
 * The surrogate families compared, each with the small hyperparameter grid its default trainer
 * searches by 3-fold inner cross-validation.
 *
 * <pre>{@code
 * Surrogate s = ModelFamily.GRADIENT_BOOSTING.trainer().fit(x, y, 42);
 * }</pre>
 */
public enum ModelFamily {
    RANDOM_FOREST("RF"),
    GRADIENT_BOOSTING("GBT"),
    MLP_ENSEMBLE("MLP ensemble");

    private final String label;

    ModelFamily(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The default trainer: inner CV over the family's grid (the MLP ensemble is RAFIKI's fixed design). */
    public SurrogateTrainer trainer() {
        switch (this) {
            case RANDOM_FOREST:
                return new CrossValidatedTrainer(List.of(
                        new RandomForestSurrogate.Trainer(200, 1.0 / 3, 2),
                        new RandomForestSurrogate.Trainer(200, 2.0 / 3, 2),
                        new RandomForestSurrogate.Trainer(200, 1.0, 5)), 3);
            case GRADIENT_BOOSTING:
                return new CrossValidatedTrainer(List.of(
                        new BoostedTreesSurrogate.Trainer(5, 300, 6, 0.05, 0.7),
                        new BoostedTreesSurrogate.Trainer(5, 300, 12, 0.1, 0.7)), 3);
            default:
                return MlpEnsembleSurrogate.Trainer.rafiki();
        }
    }
}
