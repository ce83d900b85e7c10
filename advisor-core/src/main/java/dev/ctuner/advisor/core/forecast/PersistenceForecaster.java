package dev.ctuner.advisor.core.forecast;

import java.util.Collections;
import java.util.List;

/**
 * The naive forecast: the last observed step repeats. The baseline every other forecaster must beat.
 *
 * <pre>{@code
 * new PersistenceForecaster().forecast(history, 3);   // three copies of the last vector
 * }</pre>
 */
public final class PersistenceForecaster implements Forecaster {

    @Override
    public List<WorkloadVector> forecast(List<WorkloadVector> history, int lookahead) {
        Forecaster.check(history, lookahead);
        return Collections.nCopies(lookahead, history.get(history.size() - 1));
    }
}
