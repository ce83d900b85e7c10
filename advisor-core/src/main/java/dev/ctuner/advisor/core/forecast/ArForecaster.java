package dev.ctuner.advisor.core.forecast;

import java.util.ArrayList;
import java.util.List;

/**
 * ARIMA(p, d, 0) per dimension (EUNOMIA §4.1 names ARIMA for short lookaheads): one
 * {@link ArModel} per operation proportion and one for the rate, fitted on the training series;
 * forecasts are clipped to [0, 1] and renormalised into a mix. d = 0 is plain AR(p).
 *
 * <pre>{@code
 * Forecaster f = ArForecaster.trainer(2, 0).fit(training);   // AR(2)
 * f.forecast(history, 3);
 * }</pre>
 */
public final class ArForecaster implements Forecaster {

    private final ArModel[] models;
    private final int need;

    private ArForecaster(ArModel[] models, int need) {
        this.models = models;
        this.need = need;
    }

    public static ForecasterTrainer trainer(int p, int d) {
        return new ForecasterTrainer() {
            @Override
            public String name() {
                return d == 0 ? "ar(" + p + ")" : "arima(" + p + "," + d + ",0)";
            }

            @Override
            public Forecaster fit(List<WorkloadVector> training) {
                ArModel[] models = new ArModel[Operation.COUNT + 1];
                for (int j = 0; j < models.length; j++) {
                    models[j] = ArModel.fit(column(training, j, training.size()), p, d);
                }
                return new ArForecaster(models, p + d);
            }
        };
    }

    @Override
    public List<WorkloadVector> forecast(List<WorkloadVector> history, int lookahead) {
        Forecaster.check(history, lookahead);
        if (history.size() < need) {
            return new PersistenceForecaster().forecast(history, lookahead);
        }
        int window = Math.min(history.size(), need + 1);
        List<WorkloadVector> recent = history.subList(history.size() - window, history.size());
        double[][] paths = new double[models.length][];
        for (int j = 0; j < models.length; j++) {
            paths[j] = models[j].forecast(column(recent, j, window), lookahead);
        }
        List<WorkloadVector> out = new ArrayList<>(lookahead);
        for (int h = 0; h < lookahead; h++) {
            double[] mix = new double[Operation.COUNT];
            for (int j = 0; j < mix.length; j++) {
                mix[j] = paths[j][h];
            }
            out.add(WorkloadVector.clipped(mix, paths[Operation.COUNT][h]));
        }
        return out;
    }

    private static double[] column(List<WorkloadVector> vectors, int dimension, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            WorkloadVector w = vectors.get(i);
            x[i] = dimension == Operation.COUNT ? w.rate() : w.mix()[dimension];
        }
        return x;
    }
}
