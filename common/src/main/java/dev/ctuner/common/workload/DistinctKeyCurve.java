package dev.ctuner.common.workload;

/**
 * The expected number of distinct keys among {@code t} operations, {@code D(t)}, estimated from a sample's
 * count profile: by exact rarefaction up to the sample size {@code n}, then by {@link UnseenKeys} beyond it.
 *
 * <p>Rarefaction: a key seen c times out of n is missing from t of the sampled operations taken at random
 * with probability {@code C(n-c, t) / C(n, t)}, so {@code D(t) = Σ_keys 1 - C(n-c, t)/C(n, t)}. Averaged
 * over samples drawn under the independent reference model this is exactly {@code Σ_k 1 - (1-p_k)^t}: no
 * probability is plugged in, which is why it stays unbiased where {@code p_k ≈ c/n} would not.
 *
 * <p>Beyond the sample, {@code D(n + m) = d + U(m)} with d the keys seen.
 */
final class DistinctKeyCurve {

    private final long[] countValues;   // distinct counts c
    private final long[] keysWithCount; // f_c
    private final long n;
    private final long seen;
    private final UnseenKeys unseen;

    /**
     * @param countValues   the distinct positive counts, ascending
     * @param keysWithCount how many keys have each of those counts
     */
    DistinctKeyCurve(long[] countValues, long[] keysWithCount) {
        this.countValues = countValues.clone();
        this.keysWithCount = keysWithCount.clone();
        long total = 0;
        long keys = 0;
        double[] f = new double[4];
        for (int i = 0; i < countValues.length; i++) {
            total += countValues[i] * keysWithCount[i];
            keys += keysWithCount[i];
            if (countValues[i] <= 3) {
                f[(int) countValues[i]] = keysWithCount[i];
            }
        }
        n = total;
        seen = keys;
        unseen = UnseenKeys.fit(f[1], f[2], f[3], total);
    }

    UnseenKeys unseen() {
        return unseen;
    }

    /** {@code D(t)} for {@code t >= 0}. */
    double at(long t) {
        if (t > n) {
            return seen + unseen.after(t - n);
        }
        double distinct = 0;
        for (int i = 0; i < countValues.length; i++) {
            distinct += keysWithCount[i] * (1 - missing(countValues[i], t));
        }
        return distinct;
    }

    /**
     * {@code D(t+1) - D(t)}: the chance that operation t+1 brings a key not among the first t. Computed
     * directly (a key seen c times: {@code C(n-c,t)/C(n,t) · c/(n-t)}) rather than as a difference of two
     * large, nearly equal values.
     */
    double newKeyRate(long t) {
        if (t >= n) {
            return unseen.after(t + 1 - n) - unseen.after(t - n);
        }
        double rate = 0;
        for (int i = 0; i < countValues.length; i++) {
            long c = countValues[i];
            rate += keysWithCount[i] * missing(c, t) * c / (n - t);
        }
        return rate;
    }

    /** {@code Σ_{t=1..T} D(t)}. */
    double sumTo(long last) {
        long inSample = Math.min(last, n);
        double sum = 0;
        for (int i = 0; i < countValues.length; i++) {
            long c = countValues[i];
            // Hockey-stick identity: Σ_{t=0..T} C(n-c,t)/C(n,t) = ((n+1) - (n-T-c)+ · C(n-c,T)/C(n,T)) / (c+1).
            double missingSum = ((n + 1) - Math.max(0, n - inSample - c) * missing(c, inSample)) / (c + 1);
            sum += keysWithCount[i] * (inSample - (missingSum - 1));
        }
        if (last > n) {
            long beyond = last - n;
            // Trapezoid rule for Σ_{m=1..M} U(m); U is smooth and concave, the error is below one key.
            sum += (double) beyond * seen + unseen.integral(beyond) + unseen.after(beyond) / 2;
        }
        return sum;
    }

    /** {@code C(n-c, t) / C(n, t)}: the chance that t random sampled operations all miss a key seen c times. */
    private double missing(long c, long t) {
        if (t == 0) {
            return 1;
        }
        if (t > n - c) {
            return 0;
        }
        if (Math.min(c, t) <= DIRECT_PRODUCT) {
            // Π (1 - t/(n-j)) over the c copies, or Π (1 - c/(n-i)) over the t draws: exact to rounding, where
            // the difference of four large log-factorials would lose about ten digits.
            double log = 0;
            long terms = Math.min(c, t);
            long other = Math.max(c, t);
            for (long j = 0; j < terms; j++) {
                log += Math.log1p(-(double) other / (n - j));
            }
            return Math.exp(log);
        }
        return Math.exp(logFactorial(n - c) - logFactorial(n - c - t) - logFactorial(n) + logFactorial(n - t));
    }

    private static final int DIRECT_PRODUCT = 32;

    private static final int TABLE = 256;
    private static final double[] LOG_FACTORIAL = new double[TABLE];

    static {
        for (int k = 1; k < TABLE; k++) {
            LOG_FACTORIAL[k] = LOG_FACTORIAL[k - 1] + Math.log(k);
        }
    }

    /** {@code log k!}: a table for small k, Stirling's series (error below 1e-17 from k = 256) above. */
    static double logFactorial(long k) {
        if (k < TABLE) {
            return LOG_FACTORIAL[(int) k];
        }
        double x = k;
        double inv = 1 / x;
        double inv2 = inv * inv;
        return x * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI * x)
                + inv * (1.0 / 12 - inv2 * (1.0 / 360 - inv2 * (1.0 / 1260 - inv2 / 1680)));
    }
}
