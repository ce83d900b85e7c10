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

    /**
     * A lighter trainer of the same family with fixed settings, for diagnostics that fit dozens of
     * models (cross-validation, learning curves) in seconds: the forest's and the boosted trees' first
     * grid candidate with fewer trees or members, a smaller MLP ensemble. It estimates the error of
     * {@link #trainer()}'s models; it does not replace them.
     */
    public SurrogateTrainer quickTrainer() {
        switch (this) {
            case RANDOM_FOREST:
                return new RandomForestSurrogate.Trainer(60, 1.0 / 3, 2);
            case GRADIENT_BOOSTING:
                return new BoostedTreesSurrogate.Trainer(2, 150, 6, 0.1, 0.7);
            default:
                MlpEnsembleSurrogate.Trainer rafiki = MlpEnsembleSurrogate.Trainer.rafiki();
                return new MlpEnsembleSurrogate.Trainer(6, rafiki.dropFraction(), rafiki.hidden(), rafiki.epochs(),
                        rafiki.learningRate(), rafiki.weightDecay());
        }
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
