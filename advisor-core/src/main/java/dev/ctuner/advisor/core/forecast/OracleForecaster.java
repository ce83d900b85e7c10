package dev.ctuner.advisor.core.forecast;

import java.util.ArrayList;
import java.util.List;

/**
 * A forecaster that knows the future (EUNOMIA's HPC case: the batch scheduler's queue says what
 * runs next). Position is the length of the history: history = steps 0..t of {@code truth}.
 * Past the end of the known series the last known step repeats.
 *
 * <pre>{@code
 * Forecaster oracle = new OracleForecaster(trace.vectors());
 * oracle.forecast(trace.vectors().subList(0, 10), 5);   // exactly trace steps 10..14
 * }</pre>
 */
public final class OracleForecaster implements Forecaster {

    private final List<WorkloadVector> truth;

    public OracleForecaster(List<WorkloadVector> truth) {
        if (truth.isEmpty()) {
            throw new IllegalArgumentException("an oracle needs a known series");
        }
        this.truth = List.copyOf(truth);
    }

    @Override
    public List<WorkloadVector> forecast(List<WorkloadVector> history, int lookahead) {
        Forecaster.check(history, lookahead);
        List<WorkloadVector> out = new ArrayList<>(lookahead);
        for (int h = 0; h < lookahead; h++) {
            out.add(truth.get(Math.min(truth.size() - 1, history.size() + h)));
        }
        return out;
    }
}
