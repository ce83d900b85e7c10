package dev.ctuner.advisor.core.forecast;

/**
 * The Markov state of a mix: every proportion rounded to the nearest multiple of a step (10% in
 * EUNOMIA §6.3), the tuple packed into one long (base 1/step + 1 digits).
 *
 * <pre>{@code
 * QuantisedState q = new QuantisedState(0.1);
 * q.of(WorkloadVector.ofReadRatio(0.87, 1));   // the state of (0.9, 0.1, 0, 0, 0)
 * }</pre>
 */
public record QuantisedState(double step) {

    public QuantisedState {
        if (!(step > 0 && step <= 0.5)) {
            throw new IllegalArgumentException("quantisation step must lie in (0, 0.5], got " + step);
        }
    }

    public long of(WorkloadVector w) {
        long levels = Math.round(1 / step) + 1;
        long key = 0;
        for (double p : w.mix()) {
            key = key * levels + Math.round(p / step);
        }
        return key;
    }
}
