package dev.ctuner.sidecar.bench;

import java.util.random.RandomGenerator;

/** The chooser behind each {@link KeyDistribution}. */
final class KeyChoosers {

    private KeyChoosers() {
    }

    private static void requireRecords(long recordCount) {
        if (recordCount < 1) {
            throw new IllegalArgumentException("choosing keys needs at least one record, got " + recordCount);
        }
    }

    static final class UniformChooser implements KeyChooser {
        private final long recordCount;

        UniformChooser(long recordCount) {
            requireRecords(recordCount);
            this.recordCount = recordCount;
        }

        @Override
        public long next(RandomGenerator rng) {
            return rng.nextLong(recordCount);
        }
    }

    static final class ZipfianChooser implements KeyChooser {
        private final ZipfSampler ranks;
        private final KeyPermutation scramble; // null: rank r is record r

        ZipfianChooser(long recordCount, double constant, KeyPermutation scramble) {
            requireRecords(recordCount);
            this.ranks = new ZipfSampler(recordCount, constant);
            this.scramble = scramble;
        }

        @Override
        public long next(RandomGenerator rng) {
            long rank = ranks.sample(rng);
            return scramble == null ? rank : scramble.apply(rank);
        }
    }

    static final class LatestChooser implements KeyChooser {
        private final double constant;
        private long recordCount;
        private ZipfSampler ranks;

        LatestChooser(long recordCount, double constant) {
            requireRecords(recordCount);
            this.constant = constant;
            this.recordCount = recordCount;
            this.ranks = new ZipfSampler(recordCount, constant);
        }

        @Override
        public long next(RandomGenerator rng) {
            return recordCount - 1 - ranks.sample(rng);
        }

        @Override
        public void recordInserted(long recordNumber) {
            if (recordNumber >= recordCount) {
                recordCount = recordNumber + 1;
                // Set-up is O(1) (see ZipfSampler), so following every insert costs nothing.
                ranks = new ZipfSampler(recordCount, constant);
            }
        }
    }

    static final class HotspotChooser implements KeyChooser {
        private final long recordCount;
        private final long hotSetSize;
        private final double hotOperationFraction;

        HotspotChooser(long recordCount, long hotSetSize, double hotOperationFraction) {
            requireRecords(recordCount);
            this.recordCount = recordCount;
            this.hotSetSize = hotSetSize;
            this.hotOperationFraction = hotOperationFraction;
        }

        @Override
        public long next(RandomGenerator rng) {
            boolean hot = rng.nextDouble() < hotOperationFraction || hotSetSize == recordCount;
            return hot ? rng.nextLong(hotSetSize) : hotSetSize + rng.nextLong(recordCount - hotSetSize);
        }
    }
}
