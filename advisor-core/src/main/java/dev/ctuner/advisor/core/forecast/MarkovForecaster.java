package dev.ctuner.advisor.core.forecast;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Markov chain of order 1 or 2 over quantised mixes (EUNOMIA §6.3: 10% quantisation, states = tuples
 * of quantised proportions for multi-operation mixes as in bus tracking). The forecast propagates the
 * state distribution L steps and returns, per step, the expected vector over the states (each state
 * stands for the mean of the training vectors that fell in it), which is what minimises the squared
 * error that EUNOMIA's Tables 1-2 report. A context never seen in training backs off from order 2 to
 * order 1, and from order 1 to "stays where it is".
 *
 * <pre>{@code
 * Forecaster f = MarkovForecaster.trainer(2).fit(training);   // 2nd order, 10% states
 * f.forecast(history, 4);
 * }</pre>
 */
public final class MarkovForecaster implements Forecaster {

    private static final double PRUNE = 1e-9;

    private record Context(long previous, long current) {
    }

    private final int order;
    private final QuantisedState quantiser;
    private final Map<Long, Map<Long, Double>> first;
    private final Map<Context, Map<Long, Double>> second;
    private final Map<Long, WorkloadVector> means;

    private MarkovForecaster(int order, QuantisedState quantiser, Map<Long, Map<Long, Double>> first,
                             Map<Context, Map<Long, Double>> second, Map<Long, WorkloadVector> means) {
        this.order = order;
        this.quantiser = quantiser;
        this.first = first;
        this.second = second;
        this.means = means;
    }

    /** A trainer for order 1 or 2 with 10% states. */
    public static ForecasterTrainer trainer(int order) {
        return trainer(order, 0.1);
    }

    public static ForecasterTrainer trainer(int order, double quantisationStep) {
        if (order != 1 && order != 2) {
            throw new IllegalArgumentException("Markov order must be 1 or 2, got " + order);
        }
        QuantisedState q = new QuantisedState(quantisationStep);
        return new ForecasterTrainer() {
            @Override
            public String name() {
                return "markov" + order;
            }

            @Override
            public Forecaster fit(List<WorkloadVector> training) {
                return MarkovForecaster.fit(order, q, training);
            }
        };
    }

    static MarkovForecaster fit(int order, QuantisedState q, List<WorkloadVector> training) {
        long[] states = new long[training.size()];
        Map<Long, double[]> sums = new HashMap<>();
        Map<Long, Integer> counts = new HashMap<>();
        for (int i = 0; i < states.length; i++) {
            WorkloadVector w = training.get(i);
            states[i] = q.of(w);
            double[] s = sums.computeIfAbsent(states[i], k -> new double[Operation.COUNT + 1]);
            double[] mix = w.mix();
            for (int j = 0; j < mix.length; j++) {
                s[j] += mix[j];
            }
            s[Operation.COUNT] += w.rate();
            counts.merge(states[i], 1, Integer::sum);
        }
        Map<Long, Map<Long, Double>> first = new HashMap<>();
        Map<Context, Map<Long, Double>> second = new HashMap<>();
        for (int i = 1; i < states.length; i++) {
            first.computeIfAbsent(states[i - 1], k -> new HashMap<>()).merge(states[i], 1.0, Double::sum);
            if (i >= 2) {
                second.computeIfAbsent(new Context(states[i - 2], states[i - 1]), k -> new HashMap<>())
                        .merge(states[i], 1.0, Double::sum);
            }
        }
        first.values().forEach(MarkovForecaster::normalise);
        second.values().forEach(MarkovForecaster::normalise);
        Map<Long, WorkloadVector> means = new HashMap<>();
        sums.forEach((state, s) -> {
            int n = counts.get(state);
            double[] mix = new double[Operation.COUNT];
            for (int j = 0; j < mix.length; j++) {
                mix[j] = s[j] / n;
            }
            means.put(state, new WorkloadVector(mix, s[Operation.COUNT] / n));
        });
        return new MarkovForecaster(order, q, first, second, means);
    }

    private static void normalise(Map<Long, Double> row) {
        double total = row.values().stream().mapToDouble(Double::doubleValue).sum();
        row.replaceAll((k, v) -> v / total);
    }

    /** Number of distinct states seen in training (EUNOMIA Table 2 reports 117 and 647). */
    public int stateCount() {
        return order == 1 ? means.size() : second.size();
    }

    @Override
    public List<WorkloadVector> forecast(List<WorkloadVector> history, int lookahead) {
        Forecaster.check(history, lookahead);
        WorkloadVector last = history.get(history.size() - 1);
        long current = quantiser.of(last);
        long previous = history.size() >= 2 && order == 2 ? quantiser.of(history.get(history.size() - 2)) : Long.MIN_VALUE;
        Map<Context, Double> distribution = new HashMap<>();
        distribution.put(new Context(previous, current), 1.0);
        List<WorkloadVector> out = new ArrayList<>(lookahead);
        for (int h = 0; h < lookahead; h++) {
            distribution = step(distribution);
            out.add(expected(distribution, current, last));
        }
        return out;
    }

    private Map<Context, Double> step(Map<Context, Double> distribution) {
        Map<Context, Double> next = new HashMap<>();
        distribution.forEach((context, p) -> {
            Map<Long, Double> row = order == 2 ? second.get(context) : null;
            if (row == null) {
                row = first.getOrDefault(context.current(), Map.of(context.current(), 1.0));
            }
            row.forEach((state, q) -> {
                if (p * q > PRUNE) {
                    next.merge(new Context(order == 2 ? context.current() : Long.MIN_VALUE, state), p * q, Double::sum);
                }
            });
        });
        return next;
    }

    private WorkloadVector expected(Map<Context, Double> distribution, long observedState, WorkloadVector observed) {
        double[] mix = new double[Operation.COUNT];
        double rate = 0;
        double mass = 0;
        for (Map.Entry<Context, Double> e : distribution.entrySet()) {
            long state = e.getKey().current();
            WorkloadVector m = means.getOrDefault(state, state == observedState ? observed : null);
            if (m == null) {
                continue;
            }
            double p = e.getValue();
            double[] mm = m.mix();
            for (int j = 0; j < mix.length; j++) {
                mix[j] += p * mm[j];
            }
            rate += p * m.rate();
            mass += p;
        }
        return mass == 0 ? observed : new WorkloadVector(mix, rate / mass);
    }
}
