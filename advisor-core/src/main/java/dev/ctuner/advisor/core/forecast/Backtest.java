package dev.ctuner.advisor.core.forecast;

import java.util.ArrayList;
import java.util.List;

/**
 * Backtests a forecaster as EUNOMIA Tables 1 and 2 do: train on the first part of a series, then
 * from every origin t of the rest forecast L steps and compare the h-step-ahead forecast with the
 * observed step t + h. The error is the RMSE over the scored proportions (0..1; ×100 for the
 * tables' percentages).
 *
 * <pre>{@code
 * BacktestResult r = Backtest.run(MarkovForecaster.trainer(2), series.vectors(), 4000, 12);
 * r.rmse(1);   // error one step ahead
 * }</pre>
 */
public final class Backtest {

    private Backtest() {
    }

    /** Scores the operations that are non-zero somewhere in the series. */
    public static BacktestResult run(ForecasterTrainer trainer, List<WorkloadVector> series, int trainingSteps,
                                     int maxLookahead) {
        return run(trainer, series, trainingSteps, maxLookahead, presentOperations(series));
    }

    public static BacktestResult run(ForecasterTrainer trainer, List<WorkloadVector> series, int trainingSteps,
                                     int maxLookahead, List<Operation> scored) {
        if (trainingSteps < 1 || trainingSteps + maxLookahead > series.size() || maxLookahead < 1) {
            throw new IllegalArgumentException("need 1 ≤ trainingSteps and trainingSteps + maxLookahead ≤ series length ("
                    + series.size() + "), got " + trainingSteps + " + " + maxLookahead);
        }
        Forecaster forecaster = trainer.fit(series.subList(0, trainingSteps));
        double[] squares = new double[maxLookahead];
        long[] counts = new long[maxLookahead];
        for (int t = trainingSteps - 1; t < series.size() - 1; t++) {
            int horizon = Math.min(maxLookahead, series.size() - 1 - t);
            List<WorkloadVector> forecast = forecaster.forecast(series.subList(0, t + 1), horizon);
            for (int h = 1; h <= horizon; h++) {
                WorkloadVector predicted = forecast.get(h - 1);
                WorkloadVector observed = series.get(t + h);
                for (Operation op : scored) {
                    double e = predicted.proportion(op) - observed.proportion(op);
                    squares[h - 1] += e * e;
                    counts[h - 1]++;
                }
            }
        }
        double[] rmse = new double[maxLookahead];
        for (int h = 0; h < maxLookahead; h++) {
            rmse[h] = counts[h] == 0 ? Double.NaN : Math.sqrt(squares[h] / counts[h]);
        }
        return new BacktestResult(trainer.name(), rmse);
    }

    static List<Operation> presentOperations(List<WorkloadVector> series) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : Operation.values()) {
            if (series.stream().anyMatch(w -> w.proportion(op) > 0)) {
                ops.add(op);
            }
        }
        return ops;
    }
}
