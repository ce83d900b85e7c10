package dev.ctuner.sidecar.bench;

import java.util.Locale;

/**
 * How keys are chosen: a typed description that makes a {@link KeyChooser} for a given record count.
 *
 * <pre>{@code
 * KeyDistribution zipf = KeyDistribution.zipfian();            // constant 0.99, rank 0 = record 0
 * KeyDistribution spread = KeyDistribution.scrambledZipfian(); // same ranks, scattered over records
 * KeyDistribution hot = KeyDistribution.hotspot(0.2, 0.8);     // 80% of operations on 20% of records
 * KeyChooser chooser = zipf.newChooser(recordCount, seed);
 * }</pre>
 */
public sealed interface KeyDistribution permits KeyDistribution.Uniform, KeyDistribution.Zipfian,
        KeyDistribution.Latest, KeyDistribution.Hotspot {

    /** YCSB's default Zipf constant. */
    double DEFAULT_ZIPF_CONSTANT = 0.99;

    /**
     * A chooser over records [0, recordCount). {@code seed} only matters for distributions with a
     * fixed random structure (the scrambled Zipfian's permutation); draws come from the caller's
     * generator.
     */
    KeyChooser newChooser(long recordCount, long seed);

    /** Every record equally likely. */
    record Uniform() implements KeyDistribution {
        @Override
        public KeyChooser newChooser(long recordCount, long seed) {
            return new KeyChoosers.UniformChooser(recordCount);
        }

        @Override
        public String toString() {
            return "uniform";
        }
    }

    /**
     * Zipf over records: rank r has probability proportional to 1/(r+1)^constant. Unscrambled, rank r is
     * record r (the hot records are the first loaded); scrambled, ranks are scattered over the records
     * by a seeded bijection, as YCSB's default "scrambled zipfian" intends.
     */
    record Zipfian(double constant, boolean scrambled) implements KeyDistribution {
        public Zipfian {
            requireZipfConstant(constant);
        }

        @Override
        public KeyChooser newChooser(long recordCount, long seed) {
            return new KeyChoosers.ZipfianChooser(recordCount, constant,
                    scrambled ? new KeyPermutation(recordCount, seed) : null);
        }

        @Override
        public String toString() {
            return (scrambled ? "scrambled-zipfian(" : "zipfian(") + constant + ")";
        }
    }

    /**
     * Zipf over recency: the most recently inserted record is rank 0. Inserts made during the run
     * ({@link KeyChooser#recordInserted}) move the head forward.
     */
    record Latest(double constant) implements KeyDistribution {
        public Latest {
            requireZipfConstant(constant);
        }

        @Override
        public KeyChooser newChooser(long recordCount, long seed) {
            return new KeyChoosers.LatestChooser(recordCount, constant);
        }

        @Override
        public String toString() {
            return "latest(" + constant + ")";
        }
    }

    /**
     * A hot set: the first {@code hotSetFraction} of the records receives {@code hotOperationFraction}
     * of the operations, uniformly; the rest go uniformly to the other records.
     */
    record Hotspot(double hotSetFraction, double hotOperationFraction) implements KeyDistribution {
        public Hotspot {
            if (!(hotSetFraction > 0 && hotSetFraction <= 1)) {
                throw new IllegalArgumentException("hot set fraction must be in (0, 1], got " + hotSetFraction);
            }
            if (!(hotOperationFraction >= 0 && hotOperationFraction <= 1)) {
                throw new IllegalArgumentException("hot operation fraction must be in [0, 1], got "
                        + hotOperationFraction);
            }
        }

        /** Number of hot records among {@code recordCount}: the fraction rounded, at least 1. */
        public long hotSetSize(long recordCount) {
            return Math.max(1, Math.min(recordCount, Math.round(recordCount * hotSetFraction)));
        }

        @Override
        public KeyChooser newChooser(long recordCount, long seed) {
            return new KeyChoosers.HotspotChooser(recordCount, hotSetSize(recordCount), hotOperationFraction);
        }

        @Override
        public String toString() {
            return "hotspot(" + hotSetFraction + "," + hotOperationFraction + ")";
        }
    }

    static Uniform uniform() {
        return new Uniform();
    }

    static Zipfian zipfian() {
        return new Zipfian(DEFAULT_ZIPF_CONSTANT, false);
    }

    static Zipfian scrambledZipfian() {
        return new Zipfian(DEFAULT_ZIPF_CONSTANT, true);
    }

    static Latest latest() {
        return new Latest(DEFAULT_ZIPF_CONSTANT);
    }

    static Hotspot hotspot(double hotSetFraction, double hotOperationFraction) {
        return new Hotspot(hotSetFraction, hotOperationFraction);
    }

    /**
     * Parses a distribution name: {@code uniform}, {@code zipfian}, {@code scrambled-zipfian},
     * {@code latest} or {@code hotspot}. The Zipf constant and hot-spot fractions are given separately
     * because they are separate CLI flags.
     */
    static KeyDistribution parse(String name, double zipfConstant, double hotSetFraction,
            double hotOperationFraction) {
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "uniform":
                return uniform();
            case "zipfian":
                return new Zipfian(zipfConstant, false);
            case "scrambled-zipfian":
            case "scrambled_zipfian":
                return new Zipfian(zipfConstant, true);
            case "latest":
                return new Latest(zipfConstant);
            case "hotspot":
                return hotspot(hotSetFraction, hotOperationFraction);
            default:
                throw new IllegalArgumentException("unknown key distribution '" + name
                        + "'; known: uniform, zipfian, scrambled-zipfian, latest, hotspot");
        }
    }

    private static void requireZipfConstant(double constant) {
        if (!(constant > 0) || Double.isInfinite(constant)) {
            throw new IllegalArgumentException("the Zipf constant must be a finite number > 0, got " + constant);
        }
    }
}
