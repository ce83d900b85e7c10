package dev.ctuner.advisor.core.forecast;

import java.util.List;

/**
 * Builds a {@link Forecaster} from a training series (EUNOMIA: "initially trained on
 * representative traces"). Backtests train once, then forecast from every origin of the test part.
 *
 * <pre>{@code
 * ForecasterTrainer t = ArForecaster.trainer(2, 0);   // AR(2)
 * Forecaster f = t.fit(trainingSeries.vectors());
 * }</pre>
 */
public interface ForecasterTrainer {

    /** Short name for tables ("markov2", "ar(2)", ...). */
    String name();

    Forecaster fit(List<WorkloadVector> training);

    /** A trainer that ignores the training data. */
    static ForecasterTrainer of(String name, Forecaster forecaster) {
        return new ForecasterTrainer() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Forecaster fit(List<WorkloadVector> training) {
                return forecaster;
            }
        };
    }
}
